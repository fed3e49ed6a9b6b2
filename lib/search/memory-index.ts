/**
 * The search index each process holds in memory (docs/decisions.md, "Search in the process"): per
 * world, columns of typed arrays over dense document numbers and a posting list per word as
 * written (folded), grouped by stem. Built from the database at start, changed one material at a
 * time after that (a changed material gets a new number, its old one is marked dead); the
 * database stays the source of truth. Pure and synchronous: no I/O, so one search never waits
 * for another and a query cannot see half a change.
 */
import { SCHOOL_TYPES } from '@/lib/catalog/school-types';
import type { WorldCode } from '@/lib/worlds/worlds';
import { bytes, float64s, int32s, uint16s, type Growable } from './growable';
import { foldText, stemOf, tokenize } from './text';

export interface IndexedMaterial {
  id: number;
  world: WorldCode;
  title: string;
  /** Plain text (tags removed). */
  description: string;
  authorId: number;
  priceCents: number;
  salePriceCents: number | null;
  /** Epoch milliseconds; null: the sale does not end. */
  saleEndsAt: number | null;
  salesCount: number;
  /** Epoch milliseconds. */
  createdAt: number;
  subjects: number[];
  grades: number[];
  learningYears: number[];
  materialTypes: number[];
  schoolTypes: string[];
}

export const FACET_KINDS = ['subject', 'class_grade', 'learning_years', 'material_type'] as const;
export type FacetKind = (typeof FACET_KINDS)[number];
export type IndexSort = 'relevance' | 'newest' | 'bestseller' | 'price_asc' | 'price_desc';

/** A search as the index runs it: words already read from the query (lib/search/query.ts). */
export interface IndexQuery {
  /** Words that must match in a title or description, in any form with the same stem. */
  words: string[];
  /** Words that must match exactly as written (accents and case aside): quoted words. */
  exact: string[];
  /** Quoted groups whose words standing together in a title rank higher. */
  phrases: string[][];
  /** Words whose materials (in any form of the word) are left out. */
  excluded: string[];
  filters: {
    subject: number[];
    class_grade: number[];
    learning_years: number[];
    material_type: number[];
    school_type: string[];
    author?: number;
    price?: 'free' | 'paid';
    /** Cents, compared with the price paid now (the sale price while a sale runs). */
    minCents?: number;
    maxCents?: number;
  };
  sort: IndexSort;
  offset: number;
  limit: number;
  /** Epoch milliseconds: when sales end. */
  now: number;
  /** Count facets (a page needs them; "add all to a folder" does not). */
  facets: boolean;
}

export interface IndexHits {
  total: number;
  ids: number[];
  facets: Record<FacetKind, Map<number, number>> & { school_type: Map<string, number> };
  price: { free: number; paid: number };
}

const TITLE = 1;
const DESCRIPTION = 2;
/** A word in the title as typed outranks it stemmed, which outranks the description. */
function weight(fields: number, exact: boolean): number {
  if (fields & TITLE) return exact ? 4 : 3;
  return exact ? 2 : 1;
}

interface Term {
  id: number;
  folded: string;
  /** The word as a title first wrote it (shown in "results for …"). */
  display: string;
  stem: string;
  docs: Growable<Int32Array>;
  fields: Growable<Uint8Array>;
  /** How many live materials have the word in their title: the spelling vocabulary. */
  inTitles: number;
}

class FacetColumn {
  readonly offsets = int32s();
  readonly values = int32s();
  readonly indexOf = new Map<number, number>();
  readonly ids: number[] = [];
  /** Each value's documents in order: a filter without text starts from them, not from all. */
  readonly docsOf: Growable<Int32Array>[] = [];

  constructor() {
    this.offsets.push(0);
  }

  append(doc: number, ids: readonly number[]): void {
    for (const id of ids) {
      let index = this.indexOf.get(id);
      if (index === undefined) {
        index = this.ids.length;
        this.indexOf.set(id, index);
        this.ids.push(id);
        this.docsOf.push(int32s(16));
      }
      this.values.push(index);
      this.docsOf[index]!.push(doc);
    }
    this.offsets.push(this.values.length);
  }

  /** How many document numbers (dead ones too) the values of `ids` hold. */
  postings(ids: readonly number[]): number {
    let total = 0;
    for (const id of ids) {
      const index = this.indexOf.get(id);
      if (index !== undefined) total += this.docsOf[index]!.length;
    }
    return total;
  }

  trim(): void {
    this.offsets.trim();
    this.values.trim();
    for (const docs of this.docsOf) docs.trim();
  }
}

const SCHOOL_TYPE_BIT = new Map(SCHOOL_TYPES.map((type, index) => [type as string, 1 << index]));

/** One world's materials. */
export class WorldIndex {
  private size = 0;
  private dead = 0;
  /** Changes with every material put or removed. */
  private version = 0;
  private readonly ids = int32s(1024);
  private readonly alive = bytes(1024);
  private readonly sales = int32s(1024);
  private readonly created = float64s(1024);
  private readonly price = int32s(1024);
  private readonly salePrice = int32s(1024);
  private readonly saleEnds = float64s(1024);
  private readonly author = int32s(1024);
  private readonly schoolTypes = uint16s(1024);
  private readonly facetColumns: Record<FacetKind, FacetColumn> = {
    subject: new FacetColumn(),
    class_grade: new FacetColumn(),
    learning_years: new FacetColumn(),
    material_type: new FacetColumn(),
  };
  /** Each document's title words in order (term ids), for phrases and the vocabulary. */
  private readonly titleOffsets = int32s(1024);
  private readonly titleTerms = int32s(8192);
  private readonly terms = new Map<string, Term>();
  private readonly termList: Term[] = [];
  private readonly stems = new Map<string, Term[]>();
  private readonly byId = new Map<number, number>();
  /** Words of the world's subjects and keywords (folded → as written): known to the correction. */
  private vocabulary = new Map<string, string>();

  // Scratch space of the one search running at a time (JavaScript runs one at a time).
  private mark = new Int32Array(0);
  private wordMark = new Int32Array(0);
  private score = new Float32Array(0);
  private wordBest = new Float32Array(0);
  private generation = 0;

  constructor(readonly world: WorldCode) {
    this.titleOffsets.push(0);
  }

  /** Live materials. */
  get count(): number {
    return this.byId.size;
  }

  /** Share of document numbers that belong to removed or replaced materials. */
  get deadShare(): number {
    return this.size === 0 ? 0 : this.dead / this.size;
  }

  setVocabulary(words: Iterable<string>): void {
    const vocabulary = new Map<string, string>();
    for (const text of words) {
      for (const token of tokenize(this.world, text)) {
        if (token.folded.length >= 3 && !vocabulary.has(token.folded)) vocabulary.set(token.folded, token.word);
      }
    }
    this.vocabulary = vocabulary;
  }

  /** Adds a material, or replaces what the index held for it. */
  put(material: IndexedMaterial): void {
    this.remove(material.id);
    this.version++;
    const doc = this.size++;
    this.byId.set(material.id, doc);
    this.ids.push(material.id);
    this.alive.push(1);
    this.sales.push(material.salesCount);
    this.created.push(material.createdAt);
    this.price.push(material.priceCents);
    this.salePrice.push(material.salePriceCents ?? -1);
    this.saleEnds.push(material.saleEndsAt ?? 0);
    this.author.push(material.authorId);
    let schoolTypes = 0;
    for (const type of material.schoolTypes) schoolTypes |= SCHOOL_TYPE_BIT.get(type) ?? 0;
    this.schoolTypes.push(schoolTypes);
    this.facetColumns.subject.append(doc, material.subjects);
    this.facetColumns.class_grade.append(doc, material.grades);
    this.facetColumns.learning_years.append(doc, material.learningYears);
    this.facetColumns.material_type.append(doc, material.materialTypes);

    const fieldsOf = new Map<Term, number>();
    for (const token of tokenize(this.world, material.title)) {
      const term = this.termOf(token.folded, token.word);
      fieldsOf.set(term, (fieldsOf.get(term) ?? 0) | TITLE);
      this.titleTerms.push(term.id);
    }
    this.titleOffsets.push(this.titleTerms.length);
    for (const token of tokenize(this.world, material.description)) {
      const term = this.termOf(token.folded, token.word);
      fieldsOf.set(term, (fieldsOf.get(term) ?? 0) | DESCRIPTION);
    }
    for (const [term, fields] of fieldsOf) {
      term.docs.push(doc);
      term.fields.push(fields);
      if (fields & TITLE) term.inTitles++;
    }
  }

  /** Takes a material out (unpublished, deleted, moved to another world). */
  remove(id: number): void {
    const doc = this.byId.get(id);
    if (doc === undefined) return;
    this.version++;
    this.byId.delete(id);
    this.alive.values[doc] = 0;
    this.dead++;
    const seen = new Set<number>();
    for (let i = this.titleOffsets.values[doc]!; i < this.titleOffsets.values[doc + 1]!; i++) {
      const termId = this.titleTerms.values[i]!;
      if (seen.has(termId)) continue;
      seen.add(termId);
      this.termList[termId]!.inTitles--;
    }
  }

  /** Gives spare capacity back after a bulk build. */
  trim(): void {
    for (const column of [
      this.ids,
      this.alive,
      this.sales,
      this.created,
      this.price,
      this.salePrice,
      this.saleEnds,
      this.author,
      this.schoolTypes,
      this.titleOffsets,
      this.titleTerms,
    ])
      column.trim();
    for (const column of Object.values(this.facetColumns)) column.trim();
    for (const term of this.termList) {
      term.docs.trim();
      term.fields.trim();
    }
  }

  private termOf(folded: string, word: string): Term {
    let term = this.terms.get(folded);
    if (term) return term;
    const stem = stemOf(this.world, folded);
    term = {
      id: this.termList.length,
      folded,
      display: word,
      stem,
      docs: int32s(2),
      fields: bytes(2),
      inTitles: 0,
    };
    this.terms.set(folded, term);
    this.termList.push(term);
    const group = this.stems.get(stem);
    if (group) group.push(term);
    else this.stems.set(stem, [term]);
    return term;
  }

  /** Whether a typed word is a word of the world's titles, subjects or keywords. */
  knows(word: string): boolean {
    const folded = foldText(word);
    const term = this.terms.get(folded);
    if (term && term.inTitles > 0) return true;
    if (this.vocabulary.has(folded)) return true;
    // Another form of a known word is known too ("Brüchen" when titles say "Brüche").
    return (this.stems.get(stemOf(this.world, folded)) ?? []).some((t) => t.inTitles > 0);
  }

  /**
   * The word of the titles, subjects and keywords closest to a misspelt one: one letter off for
   * words of up to 5 letters, two for longer ones; the most used of equally close words. As the
   * catalogue writes it, or null.
   */
  correct(word: string): string | null {
    const folded = foldText(word);
    if (folded.length < 3) return null;
    const limit = folded.length <= 5 ? 1 : 2;
    let best: { display: string; distance: number; uses: number } | null = null;
    const consider = (candidate: string, display: string, uses: number) => {
      if (Math.abs(candidate.length - folded.length) > limit) return;
      const distance = boundedDistance(folded, candidate, limit);
      if (distance > limit) return;
      if (!best || distance < best.distance || (distance === best.distance && uses > best.uses))
        best = { display, distance, uses };
    };
    for (const term of this.termList) if (term.inTitles > 0) consider(term.folded, term.display, term.inTitles);
    for (const [candidate, display] of this.vocabulary) consider(candidate, display, 0);
    return (best as { display: string } | null)?.display ?? null;
  }

  private ensureScratch(): void {
    if (this.mark.length >= this.size) return;
    const capacity = Math.max(1024, this.size * 2);
    this.mark = new Int32Array(capacity);
    this.wordMark = new Int32Array(capacity);
    this.score = new Float32Array(capacity);
    this.wordBest = new Float32Array(capacity);
    this.generation = 0;
  }

  private nextGeneration(): number {
    if (this.generation >= 0x7ffffff0) {
      this.mark.fill(0);
      this.wordMark.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }

  /** The documents holding a word in any form with its stem (or, exactly, only as written). */
  private termsFor(word: string, exactOnly: boolean): { terms: Term[]; folded: string } {
    const folded = foldText(word);
    if (exactOnly) {
      const term = this.terms.get(folded);
      return { terms: term ? [term] : [], folded };
    }
    return { terms: this.stems.get(stemOf(this.world, folded)) ?? [], folded };
  }

  /** Runs a search: the total, one page of material ids in order and the facet counts. */
  search(query: IndexQuery): IndexHits {
    this.ensureScratch();
    const alive = this.alive.values;
    const requirements = [
      ...query.words.map((word) => this.termsFor(word, false)),
      ...query.exact.map((word) => this.termsFor(word, true)),
    ];
    // The rarest word first: every later word only checks the candidates left.
    const postings = (terms: Term[]) => terms.reduce((n, term) => n + term.docs.length, 0);
    requirements.sort((a, b) => postings(a.terms) - postings(b.terms));

    let candidates: number[] | null = null;
    let markGeneration = 0;
    for (const requirement of requirements) {
      if (requirement.terms.length === 0) return this.empty();
      // The word's best weight in each document still in the running (every live one, first).
      const wordGeneration = this.nextGeneration();
      const reached: number[] = [];
      for (const term of requirement.terms) {
        const docs = term.docs.values;
        const fields = term.fields.values;
        const exact = term.folded === requirement.folded;
        for (let i = 0; i < term.docs.length; i++) {
          const doc = docs[i]!;
          if (candidates ? this.mark[doc] !== markGeneration : !alive[doc]) continue;
          const value = weight(fields[i]!, exact);
          if (this.wordMark[doc] !== wordGeneration) {
            this.wordMark[doc] = wordGeneration;
            this.wordBest[doc] = value;
            if (!candidates) reached.push(doc);
          } else if (value > this.wordBest[doc]!) this.wordBest[doc] = value;
        }
      }
      const kept: number[] = [];
      const keptGeneration = this.nextGeneration();
      for (const doc of candidates ?? reached) {
        if (this.wordMark[doc] !== wordGeneration) continue;
        this.score[doc] = (candidates ? this.score[doc]! : 0) + this.wordBest[doc]!;
        this.mark[doc] = keptGeneration;
        kept.push(doc);
      }
      candidates = kept;
      markGeneration = keptGeneration;
      if (candidates.length === 0) return this.empty();
    }

    const hasText = candidates !== null;
    if (hasText) this.rankTitles(candidates!, query.words, query.phrases);
    const excluded = this.excludedMark(query.excluded);
    if (!hasText && !excluded && !narrows(query.filters)) return this.searchEverything(query);
    const hits = this.filter(candidates ?? this.filterCandidates(query), query, excluded);
    return {
      total: hits.length,
      ids: this.page(hits, query, hasText),
      ...(query.facets ? this.countFacets(hits) : this.noFacets()),
    };
  }

  /**
   * Without text, the documents of the narrowest classification filter (the union of its chosen
   * values' lists), or null for every document: a crawler's filter links read a fraction of a
   * world, not all of it.
   */
  private filterCandidates(query: IndexQuery): number[] | null {
    let narrowest: { kind: FacetKind; postings: number } | null = null;
    for (const kind of FACET_KINDS) {
      const ids = query.filters[kind];
      if (ids.length === 0) continue;
      const postings = this.facetColumns[kind].postings(ids);
      if (!narrowest || postings < narrowest.postings) narrowest = { kind, postings };
    }
    if (!narrowest) return null;
    const column = this.facetColumns[narrowest.kind];
    const generation = this.nextGeneration();
    const docs: number[] = [];
    for (const id of query.filters[narrowest.kind]) {
      const index = column.indexOf.get(id);
      if (index === undefined) continue;
      const list = column.docsOf[index]!;
      for (let i = 0; i < list.length; i++) {
        const doc = list.values[i]!;
        if (this.mark[doc] === generation) continue;
        this.mark[doc] = generation;
        docs.push(doc);
      }
    }
    return docs;
  }

  /**
   * The world's whole list (no text, no filter: a crawler's first search page, every sort's first
   * pages) is the same until a material changes: its counts and first pages are kept per version.
   */
  private everything: { version: number; facets?: Pick<IndexHits, 'facets' | 'price'>; pages: Map<string, number[]> } =
    {
      version: -1,
      pages: new Map(),
    };

  private everythingNow(): typeof this.everything {
    if (this.everything.version !== this.version) this.everything = { version: this.version, pages: new Map() };
    return this.everything;
  }

  /** Every live document, in number order. */
  private allDocs(): number[] {
    const docs: number[] = [];
    const alive = this.alive.values;
    for (let doc = 0; doc < this.size; doc++) if (alive[doc]) docs.push(doc);
    return docs;
  }

  private searchEverything(query: IndexQuery): IndexHits {
    const kept = this.everythingNow();
    let hits: number[] | null = null;
    const all = () => (hits ??= this.allDocs());
    let ids: number[];
    // The price paid now changes when a sale ends: price orders are not kept.
    if (query.sort === 'price_asc' || query.sort === 'price_desc' || query.offset + query.limit > 1000) {
      ids = this.page(all(), query, false);
    } else {
      let first = kept.pages.get(query.sort);
      if (!first) {
        first = this.page(all(), { ...query, offset: 0, limit: 1000 }, false);
        kept.pages.set(query.sort, first);
      }
      ids = first.slice(query.offset, query.offset + query.limit);
    }
    if (query.facets) kept.facets ??= this.countFacets(all());
    return { total: this.byId.size, ids, ...(query.facets ? kept.facets! : this.noFacets()) };
  }

  /**
   * Titles that say what was typed rank higher: the typed words (or each quoted group) standing
   * together in a title in their order, and most of all a title of exactly the typed words (a
   * title pasted whole comes first, not another title with the same words and one more).
   */
  private rankTitles(candidates: number[], words: string[], phrases: string[][]): void {
    const idsOf = (list: string[]) => list.map((word) => this.terms.get(foldText(word))?.id ?? -1);
    const typed = idsOf(words);
    const together = [typed, ...phrases.map(idsOf)].filter((ids) => ids.length > 1 && !ids.includes(-1));
    const whole = typed.length > 0 && !typed.includes(-1) ? typed : null;
    if (together.length === 0 && !whole) return;
    const offsets = this.titleOffsets.values;
    const titles = this.titleTerms.values;
    for (const doc of candidates) {
      const start = offsets[doc]!;
      const end = offsets[doc + 1]!;
      if (whole && end - start === whole.length) {
        let same = true;
        for (let i = 0; i < whole.length && same; i++) same = titles[start + i] === whole[i];
        if (same) this.score[doc]! += 3;
      }
      for (const ids of together) {
        for (let i = start; i + ids.length <= end; i++) {
          let found = true;
          for (let j = 0; j < ids.length && found; j++) found = titles[i + j] === ids[j];
          if (found) {
            this.score[doc]! += 2;
            break;
          }
        }
      }
    }
  }

  /** A generation mark on every document holding an excluded word, or 0 when nothing is. */
  private excludedMark(words: string[]): number {
    if (words.length === 0) return 0;
    const generation = this.nextGeneration();
    for (const word of words) {
      for (const term of this.termsFor(word, false).terms) {
        const docs = term.docs.values;
        for (let i = 0; i < term.docs.length; i++) this.wordMark[docs[i]!] = generation;
      }
    }
    return generation;
  }

  private effectivePrice(doc: number, now: number): number {
    const sale = this.salePrice.values[doc]!;
    if (sale < 0) return this.price.values[doc]!;
    const ends = this.saleEnds.values[doc]!;
    return ends === 0 || ends > now ? sale : this.price.values[doc]!;
  }

  private filter(candidates: number[] | null, query: IndexQuery, excluded: number): number[] {
    const { filters, now } = query;
    const wanted = FACET_KINDS.map((kind) => {
      const ids = filters[kind];
      if (ids.length === 0) return null;
      const column = this.facetColumns[kind];
      const flags = new Uint8Array(column.ids.length);
      for (const id of ids) {
        const index = column.indexOf.get(id);
        if (index !== undefined) flags[index] = 1;
      }
      return { column, flags };
    });
    let schoolMask = 0;
    for (const type of filters.school_type) schoolMask |= SCHOOL_TYPE_BIT.get(type) ?? 0;
    const alive = this.alive.values;
    const author = this.author.values;
    const price = this.price.values;
    const schoolTypes = this.schoolTypes.values;
    const hits: number[] = [];
    const consider = (doc: number) => {
      if (!alive[doc]) return;
      if (excluded && this.wordMark[doc] === excluded) return;
      if (filters.author !== undefined && author[doc] !== filters.author) return;
      if (filters.price === 'free' && price[doc] !== 0) return;
      if (filters.price === 'paid' && price[doc]! <= 0) return;
      if (filters.minCents !== undefined || filters.maxCents !== undefined) {
        const paid = this.effectivePrice(doc, now);
        if (filters.minCents !== undefined && paid < filters.minCents) return;
        if (filters.maxCents !== undefined && paid > filters.maxCents) return;
      }
      if (filters.school_type.length && !(schoolTypes[doc]! & schoolMask)) return;
      for (const want of wanted) {
        if (!want) continue;
        const offsets = want.column.offsets.values;
        const values = want.column.values.values;
        let found = false;
        for (let i = offsets[doc]!; i < offsets[doc + 1]! && !found; i++) found = want.flags[values[i]!] === 1;
        if (!found) return;
      }
      hits.push(doc);
    };
    if (candidates) for (const doc of candidates) consider(doc);
    else for (let doc = 0; doc < this.size; doc++) consider(doc);
    return hits;
  }

  /** The order of a sort: negative when `a` comes first. */
  private comparator(sort: IndexSort, hasText: boolean, now: number): (a: number, b: number) => number {
    const ids = this.ids.values;
    const sales = this.sales.values;
    const created = this.created.values;
    const bestseller = (a: number, b: number) => sales[b]! - sales[a]! || ids[b]! - ids[a]!;
    switch (sort) {
      case 'newest':
        return (a, b) => created[b]! - created[a]! || ids[b]! - ids[a]!;
      case 'bestseller':
        return bestseller;
      case 'price_asc':
        return (a, b) =>
          this.effectivePrice(a, now) - this.effectivePrice(b, now) || sales[b]! - sales[a]! || ids[a]! - ids[b]!;
      case 'price_desc':
        return (a, b) =>
          this.effectivePrice(b, now) - this.effectivePrice(a, now) || sales[b]! - sales[a]! || ids[a]! - ids[b]!;
      case 'relevance':
        if (!hasText) return bestseller;
        return (a, b) =>
          this.score[b]! - this.score[a]! || sales[b]! - sales[a]! || created[b]! - created[a]! || ids[b]! - ids[a]!;
    }
  }

  /** One page of the hits in the sort's order: the first `offset + limit` kept in a heap. */
  private page(hits: number[], query: IndexQuery, hasText: boolean): number[] {
    const wanted = query.offset + query.limit;
    if (query.offset >= hits.length) return [];
    const compare = this.comparator(query.sort, hasText, query.now);
    let top: number[];
    if (hits.length <= Math.max(2048, wanted * 4)) top = hits.slice().sort(compare);
    else top = topOf(hits, wanted, compare);
    return top.slice(query.offset, wanted).map((doc) => this.ids.values[doc]!);
  }

  private countFacets(hits: number[]): Pick<IndexHits, 'facets' | 'price'> {
    const counted = FACET_KINDS.map((kind) => {
      const column = this.facetColumns[kind];
      const counts = new Int32Array(column.ids.length);
      const offsets = column.offsets.values;
      const values = column.values.values;
      for (const doc of hits) {
        for (let i = offsets[doc]!; i < offsets[doc + 1]!; i++) counts[values[i]!]!++;
      }
      const byId = new Map<number, number>();
      counts.forEach((count, index) => {
        if (count > 0) byId.set(column.ids[index]!, count);
      });
      return [kind, byId] as const;
    });
    const schoolCounts = new Int32Array(SCHOOL_TYPES.length);
    const schoolTypes = this.schoolTypes.values;
    const price = this.price.values;
    let free = 0;
    for (const doc of hits) {
      const mask = schoolTypes[doc]!;
      if (mask) for (let bit = 0; bit < SCHOOL_TYPES.length; bit++) if (mask & (1 << bit)) schoolCounts[bit]!++;
      if (price[doc] === 0) free++;
    }
    const school = new Map<string, number>();
    schoolCounts.forEach((count, bit) => {
      if (count > 0) school.set(SCHOOL_TYPES[bit]!, count);
    });
    return {
      facets: { ...(Object.fromEntries(counted) as Record<FacetKind, Map<number, number>>), school_type: school },
      price: { free, paid: hits.length - free },
    };
  }

  private noFacets(): Pick<IndexHits, 'facets' | 'price'> {
    return { facets: noFacets(), price: { free: 0, paid: 0 } };
  }

  private empty(): IndexHits {
    return { total: 0, ids: [], ...this.noFacets() };
  }
}

/** Whether any filter can leave a material out. */
function narrows(filters: IndexQuery['filters']): boolean {
  return (
    FACET_KINDS.some((kind) => filters[kind].length > 0) ||
    filters.school_type.length > 0 ||
    filters.author !== undefined ||
    filters.price !== undefined ||
    filters.minCents !== undefined ||
    filters.maxCents !== undefined
  );
}

/** Facet counts of no hits. */
export function noFacets(): IndexHits['facets'] {
  return {
    subject: new Map(),
    class_grade: new Map(),
    learning_years: new Map(),
    material_type: new Map(),
    school_type: new Map(),
  };
}

/** The first `count` of `items` in `compare`'s order, without sorting them all (a bounded heap). */
export function topOf(items: readonly number[], count: number, compare: (a: number, b: number) => number): number[] {
  if (count <= 0) return [];
  // A heap whose root is the worst of the best `count` seen so far.
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => {
    const held = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = held;
  };
  const down = (start: number) => {
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && worse(left, worst)) worst = left;
      if (right < heap.length && worse(right, worst)) worst = right;
      if (worst === i) return;
      swap(i, worst);
      i = worst;
    }
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}

/**
 * Levenshtein distance with adjacent swaps counted once, or `limit + 1` as soon as it is clear
 * the distance is above `limit`.
 */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > limit) return limit + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** The titles of a world's filter values, by id. */
export type FacetTitles = Record<FacetKind, Map<number, string>>;

export function noFacetTitles(): FacetTitles {
  return { subject: new Map(), class_grade: new Map(), learning_years: new Map(), material_type: new Map() };
}

/** Every world's index of a process. */
export class MemoryIndex {
  private readonly worlds = new Map<WorldCode, WorldIndex>();
  private titles = new Map<WorldCode, FacetTitles>();

  /** The titles of each world's filter values (read with the materials, again when a world changes). */
  setFacetTitles(titles: Map<WorldCode, FacetTitles>): void {
    this.titles = titles;
  }

  facetTitles(world: WorldCode): FacetTitles {
    return this.titles.get(world) ?? noFacetTitles();
  }

  world(code: WorldCode): WorldIndex {
    let index = this.worlds.get(code);
    if (!index) {
      index = new WorldIndex(code);
      this.worlds.set(code, index);
    }
    return index;
  }

  /** Puts a material in its world's index and takes it out of every other (a world can change). */
  put(material: IndexedMaterial): void {
    for (const [code, index] of this.worlds) if (code !== material.world) index.remove(material.id);
    this.world(material.world).put(material);
  }

  remove(id: number): void {
    for (const index of this.worlds.values()) index.remove(id);
  }

  get count(): number {
    let total = 0;
    for (const index of this.worlds.values()) total += index.count;
    return total;
  }

  /** The largest share of dead document numbers in any world (a rebuild is due above a quarter). */
  get deadShare(): number {
    let share = 0;
    for (const index of this.worlds.values()) share = Math.max(share, index.deadShare);
    return share;
  }

  trim(): void {
    for (const index of this.worlds.values()) index.trim();
  }
}
