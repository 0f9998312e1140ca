import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ok, requestLanguage } from '@sais/kit/http';
import type { Language } from '@sais/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withDeletedUsers } from '../http/deleted-users.ts';

type Page = Parameters<typeof withDeletedUsers>[0];

type Coding = 'br' | 'gzip';

/** A page's envelope as bytes, and the entity tag of those bytes. */
interface Serialized {
  body: Buffer;
  /** Whether the page is large enough to be sent compressed to a reader that accepts it. */
  compressible: boolean;
  etag: string;
  /** The tags of the compressed bytes (a representation each, RFC 9110 §8.8.3), made with `etag`. */
  etags: Record<Coding, string>;
  /** The same bytes compressed, made once when a reader first accepts the coding (issue 35). */
  br?: Buffer;
  gzip?: Buffer;
}

/** Pages smaller than this are sent as they are: compressing them saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/** The coding to send: br, else gzip, when the reader accepts it (a `;q=0` refuses it), else none. */
export function chosenCoding(header: string | undefined): Coding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * `chosenCoding`, remembered per header value: clients send a handful of distinct `Accept-Encoding`
 * values (`gzip, deflate, br, zstd`, `br, gzip`, …), so a request parses its header once per value, not
 * once per request. At most `MAX_CODINGS` values are kept (a caller sending ever new ones only makes
 * the memory start again).
 */
const MAX_CODINGS = 256;
const codings = new Map<string, Coding | null>();
export function codingOf(header: string | undefined): Coding | null {
  if (!header) return null;
  let coding = codings.get(header);
  if (coding === undefined) {
    coding = chosenCoding(header);
    if (codings.size >= MAX_CODINGS) codings.clear();
    codings.set(header, coding);
  }
  return coding;
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
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    body,
    compressible: body.length >= COMPRESS_FROM_BYTES,
    etag: `"${tag}"`,
    etags: { br: `"${tag}-br"`, gzip: `"${tag}-gzip"` },
  };
}

/** RFC 9110 §13.1.2: `*`, or any listed tag equal to ours by the weak comparison (a `W/` ignored). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  // What a client that has the page sends back: the tag as it was given.
  if (header === etag) return true;
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

  /**
   * Answers `page`: 304 when the reader has these bytes already, else the bytes — compressed (br or gzip,
   * as the reader accepts) from copies made once per page and coding, never per request; each coding has
   * its own entity tag, as RFC 9110 §8.8.3 asks of different representations.
   */
  send(page: Page, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const serialized = this.serialized(page, request);
    const coding = serialized.compressible ? codingOf(request.headers['accept-encoding']) : null;
    const etag = coding ? serialized.etags[coding] : serialized.etag;
    reply.header('etag', etag);
    // Any cache may keep it but must ask again each time (the board changes at any moment).
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'Accept-Language, Accept-Encoding');
    // A reader that has these bytes: nothing else to do (no body, no type, no compression).
    if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (coding === 'br') {
      serialized.br ??= brotliCompressSync(serialized.body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: serialized.body.length,
        },
      });
      return reply
        .type(JSON_TYPE)
        .header('content-encoding', 'br')
        .send(serialized.br as never);
    }
    if (coding === 'gzip') {
      serialized.gzip ??= gzipSync(serialized.body);
      return reply
        .type(JSON_TYPE)
        .header('content-encoding', 'gzip')
        .send(serialized.gzip as never);
    }
    // The envelope's bytes (Fastify sends a Buffer as it is).
    return reply.type(JSON_TYPE).send(serialized.body as never);
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
