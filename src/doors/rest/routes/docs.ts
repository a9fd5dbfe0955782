import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * Everything the reference page loads comes from this service (Swagger UI's own files, shipped in
 * @fastify/swagger-ui), so the policy allows nothing else; Swagger UI sets inline styles, hence
 * 'unsafe-inline' for styles only. "Try it out" calls this same origin.
 */
const REFERENCE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The OpenAPI document (D14, D21) and a reference page rendered from it by Swagger UI. */
export async function docsRoutes(app: FastifyInstance) {
  app.get(
    '/docs/openapi.json',
    {
      schema: {
        operationId: 'getOpenApiDocument',
        tags: ['Docs'],
        summary: 'This OpenAPI 3.0 document',
        security: [],
        description: 'Generated at startup from the schemas that validate requests; the typed client in clients/typescript is generated from it.',
        response: { 200: { description: 'The OpenAPI 3.0.3 document', type: 'object', additionalProperties: true } },
      },
    },
    async (_req, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  );

  // Swagger UI at /api/v1/docs: every operation with its schemas and examples, and "Authorize" to
  // paste an API token for "Try it out". Its own routes and files stay out of the document.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    indexPrefix: '/api/v1', // this plugin is mounted under /api/v1; the page's asset links need the full path
    staticCSP: REFERENCE_CSP,
    validatorUrl: false,
    uiConfig: {
      deepLinking: true,
      displayOperationId: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 1,
      defaultModelRendering: 'example',
      filter: true,
      showExtensions: false,
      tryItOutEnabled: false,
      persistAuthorization: false,
    },
    theme: { title: 'Agendum API reference' },
  });
}
