// The cache tags each page render reads, recorded per request: the front door runs Next's handler
// for a page it will store inside a recording (recordRenderTags), and Next's cache handler
// (lib/http/route-cache-handler.cjs) notes there every tag of the entries the render looks up or
// stores. The page store files the page under them (lib/http/page-store.ts). Next itself keeps
// them in the page's `x-next-cache-tags`, but only sends that header in its minimal mode.
// The AsyncLocalStorage is process-wide (lib/process-wide.cjs): server.ts's graph starts the
// recording, the handler's graph notes into it. Plain CommonJS for the handler. Typed by
// render-tags.d.cts.
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, loaded by Next outside its bundler */
const { AsyncLocalStorage } = require('node:async_hooks');
const { processWide } = require('../process-wide.cjs');
/* eslint-enable @typescript-eslint/no-require-imports */

/** Next's implicit tags of a path (`_N_T_/de/…`): a purge never names them. */
const IMPLICIT_TAG_PREFIX = '_N_T_';

/** @type {AsyncLocalStorage<Set<string>>} */
const recording = processWide('render-tags', () => new AsyncLocalStorage());

/**
 * Runs `render` with `tags` as its request's recording: every tag noted while it and what it
 * starts run (however asynchronously) goes into `tags`.
 * @template T
 * @param {Set<string>} tags
 * @param {() => T} render
 * @returns {T}
 */
function recordRenderTags(tags, render) {
  return recording.run(tags, render);
}

/**
 * Notes `tags` in the current request's recording, if there is one; implicit path tags are left
 * out.
 * @param {Iterable<string> | undefined} tags
 */
function noteRenderTags(tags) {
  const into = recording.getStore();
  if (!into || !tags) return;
  for (const tag of tags) if (typeof tag === 'string' && tag && !tag.startsWith(IMPLICIT_TAG_PREFIX)) into.add(tag);
}

module.exports = { recordRenderTags, noteRenderTags };
