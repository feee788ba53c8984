/**
 * Share-link codec (pure; runs in the browser and in Node ≥ 18):
 * scenario JSON text -> UTF-8 -> deflate-raw (CompressionStream) -> base64url, carried
 * in the URL fragment as `#s=<payload>`. Decoding reports what went wrong in words.
 */

export const SHARE_PARAM = 's';
/** refuse to inflate more than this (a hostile link could be a deflate bomb) */
export const MAX_SCENARIO_BYTES = 32 * 1024 * 1024;

export class ShareLinkError extends Error {
  override name = 'ShareLinkError';
}

/**
 * The largest scenario a link carries: 128 Ki characters of compact JSON (some 1,500-2,000 explicit
 * discs; a scenario with generated discs is a few hundred characters). Larger ones get no link and
 * no #s= in the address. Why there: the page writes a scenario into its address twice, first
 * uncompressed (4/3 of the JSON: at most about 175,000 characters at this limit), then compressed;
 * Chromium refuses addresses over 2 MiB, and every write of one costs the page about a millisecond
 * per 1,000-3,000 characters on the main thread (measured: 1.5-4.5 s for a link of several MB, and
 * the same again to copy it or reload it), while links of a few MB are cut off or refused by chat
 * apps, mail and most servers long before. Judged on the JSON, before any encoding, so a scenario
 * too large for a link costs no encoding at all.
 */
export const MAX_LINK_JSON_CHARS = 128 * 1024;

/** What encodeScenarioNow gives a scenario too large for a link: no payload (the address gets no #s=). */
export const NO_LINK = '';

/** shareLinkFor's answer for a scenario over MAX_LINK_JSON_CHARS. */
export class LinkTooLargeError extends Error {
  override name = 'LinkTooLargeError';
  constructor(
    /** characters of the scenario's compact JSON */
    readonly chars: number,
  ) {
    super(`this scenario (${formatChars(chars)} of JSON) is too large for a link (at most ${formatChars(MAX_LINK_JSON_CHARS)})`);
  }
}

/**
 * Characters of JSON text written compactly (JSON.stringify(JSON.parse(json)).length for text as
 * JSON.stringify writes numbers and strings): the text less its whitespace outside strings. One
 * pass, no parsing: for a 2.6 MB scenario a few milliseconds instead of a parse and a stringify.
 */
export function compactLength(json: string): number {
  let count = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      count++;
      if (c === 92 /* \\ */) {
        i++;
        count++;
      } else if (c === 34 /* " */) inString = false;
    } else if (c === 32 || c === 10 || c === 13 || c === 9) {
      // whitespace between tokens: not written
    } else {
      count++;
      if (c === 34) inString = true;
    }
  }
  return Math.min(count, json.length);
}

/** Whether scenario JSON text (compact or not) is over MAX_LINK_JSON_CHARS once compact: no link for it. */
export function tooLargeForLink(json: string): boolean {
  return json.length > MAX_LINK_JSON_CHARS && compactLength(json) > MAX_LINK_JSON_CHARS;
}

/** A size in characters of text as the page states it: "850 characters", "165 KB", "2.6 MB" (1 KB = 1,000). */
export function formatChars(chars: number): string {
  if (chars < 1000) return `${chars} characters`;
  if (chars < 1_000_000) return `${Math.round(chars / 1000)} KB`;
  return `${(chars / 1_000_000).toFixed(1)} MB`;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LOOKUP = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

/** base64url without padding (RFC 4648 §5). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/** Strict base64url decoder: accepts optional '=' padding, rejects anything else. */
export function base64UrlDecode(text: string): Uint8Array {
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) throw new ShareLinkError('the link data has an impossible length (it was probably cut off)');
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    const v = code < 128 ? (LOOKUP[code] as number) : -1;
    if (v < 0) {
      throw new ShareLinkError(`the link data is not base64url text (unexpected character "${body[i]}" at position ${i + 1})`);
    }
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

async function readAll(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new ShareLinkError(`the scenario in the link is larger than ${limit / (1024 * 1024)} MB`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function streamOf(bytes: Uint8Array): ReadableStream<BufferSource> {
  return new ReadableStream<BufferSource>({
    start(controller) {
      // a plain ArrayBuffer-backed copy (the input may view a SharedArrayBuffer)
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  return readAll(streamOf(bytes).pipeThrough(new CompressionStream('deflate-raw')), Number.MAX_SAFE_INTEGER);
}

export async function inflateRaw(bytes: Uint8Array, limit = MAX_SCENARIO_BYTES): Promise<Uint8Array> {
  try {
    return await readAll(streamOf(bytes).pipeThrough(new DecompressionStream('deflate-raw')), limit);
  } catch (e) {
    if (e instanceof ShareLinkError) throw e;
    throw new ShareLinkError('the link data is damaged (it does not decompress)');
  }
}

/**
 * deflate-raw without compression, synchronously: the bytes in "stored" blocks (RFC 1951 §3.2.4:
 * a header byte with BFINAL and BTYPE 00, LEN and its complement NLEN, then up to 65,535 bytes).
 * Any inflater reads it, so a payload made of it is an ordinary `s` link, only longer.
 */
export function storedDeflateRaw(bytes: Uint8Array): Uint8Array {
  const BLOCK = 65535;
  const blocks = Math.max(1, Math.ceil(bytes.length / BLOCK));
  const out = new Uint8Array(bytes.length + 5 * blocks);
  let o = 0;
  for (let b = 0; b < blocks; b++) {
    const start = b * BLOCK;
    const len = Math.min(BLOCK, bytes.length - start);
    out[o++] = b === blocks - 1 ? 1 : 0;
    out[o++] = len & 0xff;
    out[o++] = len >> 8;
    out[o++] = ~len & 0xff;
    out[o++] = (~len >> 8) & 0xff;
    out.set(bytes.subarray(start, start + len), o);
    o += len;
  }
  return out;
}

/**
 * Scenario JSON text -> an `s` payload at once (uncompressed, see storedDeflateRaw): what the address
 * holds from the moment a scenario is applied until its compressed payload is ready, so that a reload
 * in between gives that scenario back and not the one before it. Compact JSON text over
 * MAX_LINK_JSON_CHARS gets NO_LINK, unencoded (setAddressPayload then leaves no #s=).
 */
export function encodeScenarioNow(json: string): string {
  // compact text by contract, so its length is what the size rule judges
  if (json.length > MAX_LINK_JSON_CHARS) return NO_LINK;
  return base64UrlEncode(storedDeflateRaw(new TextEncoder().encode(json)));
}

/** Scenario JSON text -> `s` payload. */
export async function encodeScenario(json: string): Promise<string> {
  return base64UrlEncode(await deflateRaw(new TextEncoder().encode(json)));
}

/** `s` payload -> scenario JSON text (checked to be a JSON object). Throws ShareLinkError. */
export async function decodeScenario(payload: string): Promise<string> {
  if (payload.trim() === '') throw new ShareLinkError('the link contains no scenario data');
  const compressed = base64UrlDecode(payload.trim());
  const bytes = await inflateRaw(compressed);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ShareLinkError('the link data is not UTF-8 text');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new ShareLinkError(`the link does not contain valid JSON (${(e as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ShareLinkError('the link does not contain a scenario object');
  }
  return text;
}

/**
 * The link to share: the page address plus `#s=<payload>`, with of its query only what describes
 * the shared work (SHARED_QUERY: the avalanche study's inputs); the viewing options of the current
 * page (embed, until, play, plot) are not carried over.
 */
export function buildShareUrl(pageUrl: string, payload: string): string {
  const url = new URL(pageUrl);
  const kept = new URLSearchParams();
  for (const key of SHARED_QUERY) {
    const value = url.searchParams.get(key);
    if (value !== null) kept.set(key, value);
  }
  url.search = kept.toString();
  url.hash = `${SHARE_PARAM}=${payload}`;
  return url.toString();
}

/** Query parameters a share link keeps: the avalanche study's size and aspect ratios. */
export const SHARED_QUERY: readonly string[] = ['study', 'aspects'];

/**
 * The share link of scenario JSON text (compacted first: whitespace costs link length) and its
 * payload. A scenario too large for a link (tooLargeForLink) is refused with LinkTooLargeError
 * before it is parsed or encoded.
 */
export async function shareLinkFor(json: string, pageUrl: string): Promise<{ payload: string; url: string }> {
  if (tooLargeForLink(json)) throw new LinkTooLargeError(compactLength(json));
  const compact = JSON.stringify(JSON.parse(json));
  if (compact.length > MAX_LINK_JSON_CHARS) throw new LinkTooLargeError(compact.length);
  const payload = await encodeScenario(compact);
  return { payload, url: buildShareUrl(pageUrl, payload) };
}
