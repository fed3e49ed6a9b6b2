import { WORLD_CODES, type WorldCode } from '@/lib/worlds/worlds';
import { ROUTES, getRoute, type Route, type RouteId, type RouteParamsOf } from './routes';
import { SEGMENT_WORDS, type GermanWord } from './segment-words';

/** One token of a compiled pattern. */
type Token =
  | { kind: 'static'; word: string }
  | { kind: 'param'; name: string; optional: boolean; rest: boolean; words?: Map<string, string> };

interface CompiledRoute {
  route: Route;
  tokens: Token[];
  /** Number of static tokens; more static words win when two patterns both match. */
  weight: number;
}

export type RouteParams = Record<string, string | string[] | undefined>;

export interface RouteMatch {
  route: Route;
  params: RouteParams;
}

/** Translates one German path word into `world`'s word. */
export function localizeWord(world: WorldCode, germanWord: string): string {
  if (world === 'de') return germanWord;
  return SEGMENT_WORDS[world][germanWord as GermanWord] ?? germanWord;
}

function compile(route: Route, world: WorldCode): CompiledRoute {
  const tokens: Token[] = route.de
    .split('/')
    .filter(Boolean)
    .map((part): Token => {
      if (!part.startsWith(':')) return { kind: 'static', word: localizeWord(world, part) };
      const rest = part.endsWith('*');
      const optional = rest || part.endsWith('?');
      const name = part.slice(1).replace(/[?*]$/, '');
      const enumWords = route.enums?.[name];
      // For enumerated params: localised word → canonical value.
      const words = enumWords
        ? new Map(Object.entries(enumWords).map(([value, de]) => [localizeWord(world, de), value]))
        : undefined;
      return { kind: 'param', name, optional, rest, words };
    });
  return { route, tokens, weight: tokens.filter((t) => t.kind === 'static').length };
}

function matchTokens(tokens: Token[], segments: string[]): RouteParams | null {
  const params: RouteParams = {};
  let i = 0;
  for (const token of tokens) {
    const segment = segments[i];
    if (token.kind === 'static') {
      if (segment !== token.word) return null;
      i++;
      continue;
    }
    if (token.rest) {
      params[token.name] = segments.slice(i);
      i = segments.length;
      continue;
    }
    if (segment === undefined || segment === '') {
      if (!token.optional) return null;
      continue;
    }
    if (token.words) {
      const value = token.words.get(segment);
      if (value === undefined) return null;
      params[token.name] = value;
    } else {
      params[token.name] = segment;
    }
    i++;
  }
  return i === segments.length ? params : null;
}

/**
 * Per world: first path word → candidate routes (most static words first). Built once at module
 * load; a lookup is one Map access plus a handful of token comparisons.
 */
const TABLES = new Map<WorldCode, Map<string, CompiledRoute[]>>();
for (const world of WORLD_CODES) {
  const table = new Map<string, CompiledRoute[]>();
  for (const route of ROUTES) {
    const compiled = compile(route, world);
    const first = compiled.tokens[0];
    const key = first?.kind === 'static' ? first.word : '';
    const list = table.get(key) ?? [];
    list.push(compiled);
    table.set(key, list);
  }
  for (const list of table.values()) list.sort((a, b) => b.weight - a.weight);
  TABLES.set(world, table);
}

/** Finds the route of `segments` (the path after the world prefix) in `world`'s wording. */
export function matchRoute(world: WorldCode, segments: string[]): RouteMatch | null {
  const table = TABLES.get(world)!;
  const candidates = table.get(segments[0] ?? '') ?? [];
  for (const candidate of candidates) {
    const params = matchTokens(candidate.tokens, segments);
    if (params) return { route: candidate.route, params };
  }
  return null;
}

/**
 * Finds a route written in another world's wording (e.g. `/it/material/1/x`, German wording
 * under the Italian world), so the caller can redirect to the right wording.
 */
export function matchForeignRoute(world: WorldCode, segments: string[]): RouteMatch | null {
  for (const other of ['de', ...WORLD_CODES] as WorldCode[]) {
    if (other === world) continue;
    const found = matchRoute(other, segments);
    if (found) return found;
  }
  return null;
}

/** The params `pathFor` takes for a route: optional when every param of its pattern is. */
export type PathForParams<Id extends RouteId> = [keyof RouteParamsOf<Id>] extends [never]
  ? [params?: Record<string, never>]
  : object extends RouteParamsOf<Id>
    ? [params?: RouteParamsOf<Id>]
    : [params: RouteParamsOf<Id>];

/**
 * The localised path of a route in a world, with its params filled in, e.g.
 * `pathFor('it', 'material', { id: '7', slug: 'frazioni' })` → `/it/materiale/7/frazioni`.
 * The params are checked against the route's pattern when the id is a literal.
 */
export function pathFor<Id extends RouteId>(world: WorldCode, id: Id, ...[params]: PathForParams<Id>): string {
  return pathForRoute(world, id, params as RouteParams | undefined);
}

/**
 * `pathFor` for code that holds a route it did not name (a matched route with its params, the
 * same page in another world): the params are checked at run time only.
 */
export function pathForRoute(world: WorldCode, id: RouteId, params: RouteParams = {}): string {
  const route = getRoute(id);
  const parts: string[] = [world];
  for (const part of route.de.split('/').filter(Boolean)) {
    if (!part.startsWith(':')) {
      parts.push(localizeWord(world, part));
      continue;
    }
    const name = part.slice(1).replace(/[?*]$/, '');
    const value = params[name];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
      if (part.endsWith('?') || part.endsWith('*')) continue;
      throw new Error(`pathFor(${id}): missing param ${name}`);
    }
    const enumWords = route.enums?.[name];
    if (enumWords && typeof value === 'string') {
      const de = enumWords[value];
      if (!de) throw new Error(`pathFor(${id}): ${name}=${value} is not allowed`);
      parts.push(localizeWord(world, de));
      continue;
    }
    for (const piece of Array.isArray(value) ? value : [value]) parts.push(encodeURIComponent(piece));
  }
  return '/' + parts.join('/');
}
