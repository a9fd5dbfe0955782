/** PROPFIND (RFC 4918 9.1) on every kind of resource, Depth 0 or 1. */
import { notFound } from '../../../core/errors.js';
import { depthOf, ensureFresh, objectByName, ownUser, resolveCollection, sendMultistatus, wantsMinimal, type Dav } from '../dav.js';
import type { DavResponse } from '../multistatus.js';
import { responseFor, segmentOf, type Resource } from '../props.js';
import { mayRead } from '../scopes.js';
import { NS, parseXml, propRequestOf, is, BadXml, qkey } from '../xml.js';

export async function propfind(dav: Dav) {
  const depth = depthOf(dav.req);
  const root = parseXml(dav.body);
  if (root && !is(root, NS.DAV, 'propfind')) throw new BadXml('PROPFIND body must be <D:propfind>');
  const request = propRequestOf(root);
  const minimal = wantsMinimal(dav.req);
  const resources: Resource[] = [];
  const { path } = dav;
  switch (path.type) {
    case 'root':
      resources.push({ type: 'root' });
      break;
    case 'principals':
      resources.push({ type: 'principals' });
      if (depth === 1) resources.push({ type: 'principal' });
      break;
    case 'principal':
      ownUser(dav, path.userId);
      resources.push({ type: 'principal' });
      break;
    case 'calendars':
      resources.push({ type: 'root' });
      if (depth === 1) resources.push({ type: 'home' });
      break;
    case 'home': {
      ownUser(dav, path.userId);
      resources.push({ type: 'home' });
      if (depth === 1) {
        // An OAuth token sees only the collections its scopes let it read.
        for (const c of await dav.opts.calendar.home(dav.actor))
          if (mayRead(dav.actor, c.kind)) resources.push({ type: 'collection', c, segment: segmentOf(c) });
      }
      break;
    }
    case 'collection': {
      ownUser(dav, path.userId);
      const c = await resolveCollection(dav, path.segment);
      resources.push({ type: 'collection', c, segment: path.segment });
      if (depth === 1) {
        await ensureFresh(dav.opts.calendar, c);
        const withText =
          request.type === 'prop' && request.props.some((q) => qkey(q) === `{${NS.CALDAV}}calendar-data` || qkey(q) === `{${NS.DAV}}getcontentlength`);
        for (const o of await dav.opts.calendar.objects(c, { withText })) resources.push({ type: 'object', c, segment: path.segment, o });
      }
      break;
    }
    case 'object': {
      ownUser(dav, path.userId);
      const c = await resolveCollection(dav, path.segment);
      const o = await objectByName(dav.opts.calendar, c, path.name);
      if (!o) throw notFound('Resource');
      resources.push({ type: 'object', c, segment: path.segment, o });
      break;
    }
  }
  const responses: DavResponse[] = [];
  // The root answers at the URL asked (/, /.well-known/caldav), as Apple expects no redirect there.
  const here = dav.req.url.split('?')[0];
  for (const [i, r] of resources.entries()) {
    responses.push(await responseFor(r, request, dav.props, minimal, i === 0 && r.type === 'root' ? here : undefined));
  }
  return sendMultistatus(dav, responses);
}
