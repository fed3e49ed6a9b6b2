#!/usr/bin/env node
/**
 * Translation helper for the required text groups.
 *   node scripts/dev/messages.mjs missing <language>        → flat JSON of keys the language lacks, with the English text
 *   node scripts/dev/messages.mjs merge <language> <file>   → merges a flat JSON of translations into messages/<language>/
 * Keys are "group:dotted.path".
 */
import fs from 'node:fs';
import path from 'node:path';

const REQUIRED = ['common', 'header', 'footer', 'search', 'material-page', 'author-page', 'cart', 'login', 'meta'];
const dir = path.join(process.cwd(), 'messages');
const read = (lang, group) => {
  const file = path.join(dir, lang, `${group}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
};
function flatten(obj, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else flatten(v, key, out);
  }
  return out;
}
function setPath(obj, dotted, value) {
  const parts = dotted.split('.');
  let node = obj;
  for (const p of parts.slice(0, -1)) node = node[p] ??= {};
  node[parts.at(-1)] = value;
}

const [command, lang, file] = process.argv.slice(2);
if (command === 'missing') {
  const missing = {};
  for (const group of REQUIRED) {
    const de = flatten(read('de', group));
    const en = flatten(read('en', group));
    const own = flatten(read(lang, group));
    for (const key of Object.keys(de)) if (!(key in own)) missing[`${group}:${key}`] = en[key] ?? de[key];
  }
  console.log(JSON.stringify(missing, null, 2));
} else if (command === 'merge') {
  const translations = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byGroup = {};
  for (const [key, value] of Object.entries(translations)) {
    const [group, dotted] = key.split(':');
    (byGroup[group] ??= []).push([dotted, value]);
  }
  for (const [group, entries] of Object.entries(byGroup)) {
    const data = read(lang, group);
    for (const [dotted, value] of entries) setPath(data, dotted, value);
    fs.mkdirSync(path.join(dir, lang), { recursive: true });
    fs.writeFileSync(path.join(dir, lang, `${group}.json`), JSON.stringify(data, null, 2) + '\n');
  }
  console.log(`merged ${Object.keys(translations).length} texts into ${lang}`);
} else {
  console.error('usage: messages.mjs missing <language> | merge <language> <file>');
  process.exit(2);
}
