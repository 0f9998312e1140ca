import { createHash } from 'node:crypto';
import { ok, requestLanguage } from '@sais/kit';
import type { Language } from '@sais/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withDeletedUsers } from '../deleted-users.ts';

type Page = Parameters<typeof withDeletedUsers>[0];

/** A page's envelope as bytes, and the entity tag of those bytes. */
interface Serialized {
  body: Buffer;
  etag: string;
}

interface Entry {
  /** Whether the page names a deleted person, whose label depends on the reader's language. */
  labelled: boolean;
  /** The bytes of a page without such a label: the same for every reader. */
  any?: Serialized;
  byLanguage?: Map<Language, Serialized>;
}

function serialize(page: Page): Serialized {
  const body = Buffer.from(JSON.stringify(ok(page)));
  // A strong tag of the bytes themselves: a page whose board changed elsewhere (another page, another
  // phase) keeps its tag, and every process serving the same bytes gives the same one.
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
}

/** RFC 9110 §13.1.2: `*`, or any listed tag equal to ours by the weak comparison (a `W/` ignored). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}

/**
 * The public leaderboard's answers, serialized once per page the page cache holds (a cached page is one
 * object until its competition's board changes: `Leaderboards` and `BoardWatch`), with an entity tag:
 * a reader that sends the tag it has (`If-None-Match`) gets `304 Not Modified` and no body. A page holds
 * nothing of the reader (the same for everyone, signed in or not) but the label of a deleted person,
 * which follows Accept-Language: such a page has bytes (and a tag) per language, and every answer says
 * `Vary: Accept-Language`. A changed board is a new page object, so new bytes and, if they differ, a
 * new tag; the old object and its bytes are dropped with it (a WeakMap).
 */
export class PublicPages {
  readonly #entries = new WeakMap<object, Entry>();

  /** The bytes of `page` for this request's reader. */
  serialized(page: Page, request: FastifyRequest): Serialized {
    let entry = this.#entries.get(page);
    if (!entry) {
      entry = { labelled: withDeletedUsers(page, 'en') !== page };
      this.#entries.set(page, entry);
    }
    if (!entry.labelled) return (entry.any ??= serialize(page));
    const language = requestLanguage(request);
    entry.byLanguage ??= new Map();
    let serialized = entry.byLanguage.get(language);
    if (!serialized)
      entry.byLanguage.set(language, (serialized = serialize(withDeletedUsers(page, language))));
    return serialized;
  }

  /** Answers `page`: 304 when the reader has these bytes already, else the bytes. */
  send(page: Page, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const { body, etag } = this.serialized(page, request);
    reply.header('etag', etag);
    // Any cache may keep it but must ask again each time (the board changes at any moment).
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'Accept-Language');
    const given = request.headers['if-none-match'];
    if (given !== undefined && noneMatch(given, etag)) return reply.code(304).send();
    // The envelope's bytes (Fastify sends a Buffer as it is).
    return reply.type('application/json; charset=utf-8').send(body as never);
  }
}
