/**
 * Collection writes (D17): MKCALENDAR makes a context at the client's URL, PROPPATCH renames,
 * recolours or redescribes it, DELETE removes an empty one. All through the contexts use case.
 */
import type { Element } from '@xmldom/xmldom';
import type { ContextInput } from '../../../core/contexts/context.js';
import { DomainError } from '../../../core/errors.js';
import { isUuid } from '../../../core/ids.js';
import { davError, ownUser, requireScopes, resolveCollection, sendMultistatus, type Dav } from '../dav.js';
import type { Propstat } from '../multistatus.js';
import { collectionHref } from '../paths.js';
import { BadXml, child, children, is, NS, parseXml, qkey, qnameOf, textOf, type QName } from '../xml.js';

const SUFFIX = / — (Tasks|Events)$/;
const COLOR = /^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/;

/** What a set of properties asks of the context; unsupported ones are returned separately. */
function contextInput(props: Element[]): { input: ContextInput; refused: QName[]; accepted: QName[]; components: string[] } {
  const input: ContextInput = {};
  const refused: QName[] = [];
  const accepted: QName[] = [];
  const components: string[] = [];
  for (const p of props) {
    const q = qnameOf(p);
    const key = qkey(q);
    if (key === `{${NS.DAV}}displayname`) {
      const name = textOf(p).replace(SUFFIX, '').trim();
      if (!name) refused.push(q);
      else {
        input.name = name;
        accepted.push(q);
      }
    } else if (key === `{${NS.APPLE}}calendar-color`) {
      const m = COLOR.exec(textOf(p));
      if (!m) refused.push(q);
      else {
        input.color = `#${m[1].toLowerCase()}`;
        accepted.push(q);
      }
    } else if (key === `{${NS.CALDAV}}calendar-description`) {
      input.description = textOf(p) || null;
      accepted.push(q);
    } else if (key === `{${NS.CALDAV}}supported-calendar-component-set`) {
      for (const comp of children(p, NS.CALDAV, 'comp')) components.push((comp.getAttribute('name') ?? '').toUpperCase());
      accepted.push(q);
    } else if (key === `{${NS.APPLE}}calendar-order` || key === `{${NS.CALDAV}}calendar-timezone`) {
      // Clients set these while creating; the service has nowhere to keep them and they change nothing.
      accepted.push(q);
    } else {
      refused.push(q);
    }
  }
  return { input, refused, accepted, components };
}

const setProps = (root: Element | null) =>
  (root ? children(root, NS.DAV, 'set') : []).flatMap((s) => {
    const prop = child(s, NS.DAV, 'prop');
    return prop ? children(prop) : [];
  });

export async function mkcalendar(dav: Dav) {
  if (dav.path.type !== 'collection') throw davError(403, NS.DAV, 'resource-must-be-null', 'MKCALENDAR makes a collection in your calendar home');
  ownUser(dav, dav.path.userId);
  // It makes a context (scopes.ts).
  requireScopes(dav, ['contexts:write']);
  const slug = dav.path.segment;
  const root = parseXml(dav.body);
  if (root && !is(root, NS.CALDAV, 'mkcalendar') && !is(root, NS.DAV, 'mkcol')) throw new BadXml('MKCALENDAR body must be <C:mkcalendar>');
  let exists = true;
  try {
    await resolveCollection(dav, slug);
  } catch {
    exists = false;
  }
  // Segments of the service's own forms would be ambiguous (also as the base of a sibling: personal-events).
  if (
    exists ||
    /^(personal|attending)(-(tasks|events))?$/.test(slug) ||
    (/^(.*)-(tasks|events)$/.exec(slug)?.[1] && isUuid(/^(.*)-(tasks|events)$/.exec(slug)![1]))
  ) {
    throw davError(403, NS.DAV, 'resource-must-be-null', 'A collection already has this URL');
  }
  const { input, refused, components } = contextInput(setProps(root));
  if (refused.length) {
    return sendMultistatus(dav, [{ href: collectionHref(dav.actor.userId, slug), propstats: [{ status: 403, props: refused.map((q) => ({ q })) }] }]);
  }
  const kind = components.length && components.every((c) => c === 'VTODO') ? 'task' : 'event';
  try {
    await dav.opts.calendar.makeCollection(dav.actor, slug, kind, () =>
      dav.opts.services.contexts.create(dav.actor, { ...input, name: input.name ?? slug.slice(0, 500) }),
    );
  } catch (err) {
    // Another MKCALENDAR of this URL won the race since the check above (RFC 4791 5.3.1).
    if (err instanceof DomainError && err.code === 'conflict') throw davError(403, NS.DAV, 'resource-must-be-null', 'A collection already has this URL');
    throw err;
  }
  return dav.reply.code(201).header('Cache-Control', 'no-cache').send();
}

export async function proppatch(dav: Dav) {
  const root = parseXml(dav.body);
  if (!root || !is(root, NS.DAV, 'propertyupdate')) throw new BadXml('PROPPATCH body must be <D:propertyupdate>');
  if (dav.path.type !== 'collection') throw davError(403, NS.DAV, 'cannot-modify-protected-property', 'Only calendar collections take PROPPATCH');
  ownUser(dav, dav.path.userId);
  const c = await resolveCollection(dav, dav.path.segment);
  const removed = children(root, NS.DAV, 'remove').flatMap((r) => {
    const prop = child(r, NS.DAV, 'prop');
    return prop ? children(prop).map(qnameOf) : [];
  });
  const { input, refused, accepted } = contextInput(setProps(root));
  const href = collectionHref(dav.actor.userId, dav.path.segment);
  refused.push(...removed);
  if (!c.contextId && accepted.length) refused.push(...accepted.splice(0));
  // All or nothing (RFC 4918 9.2): one refused property fails the rest with 424.
  if (refused.length) {
    const propstats: Propstat[] = [{ status: 403, props: refused.map((q) => ({ q })) }];
    if (accepted.length) propstats.push({ status: 424, props: accepted.map((q) => ({ q })) });
    return sendMultistatus(dav, [{ href, propstats }]);
  }
  if (c.contextId && Object.keys(input).length) await dav.opts.services.contexts.update(dav.actor, c.contextId, input);
  return sendMultistatus(dav, [{ href, propstats: [{ status: 200, props: accepted.map((q) => ({ q })) }] }]);
}

/** DELETE of a collection: only an empty context goes (D17); the personal pair never does. */
export async function deleteCollection(dav: Dav) {
  if (dav.path.type !== 'collection') throw davError(403, null, null, 'This resource cannot be deleted');
  ownUser(dav, dav.path.userId);
  const c = await resolveCollection(dav, dav.path.segment);
  if (!c.contextId) throw davError(403, null, null, 'The personal collections cannot be deleted');
  if ((await dav.opts.calendar.objects(c, {})).length) throw davError(403, null, null, 'The collection is not empty; delete its context through the REST API');
  try {
    await dav.opts.services.contexts.remove(dav.actor, c.contextId);
  } catch (err) {
    if ((err as { code?: string }).code === 'conflict')
      throw davError(403, null, null, 'The context still holds records or contexts; delete it through the REST API');
    throw err;
  }
  return dav.reply.code(204).send();
}
