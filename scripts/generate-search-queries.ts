/**
 * `npx tsx scripts/generate-search-queries.ts`: writes scripts/bench-queries/<world>.txt, the
 * distinct searches `npm run bench` rotates through (issue 26: a crawler following filter links
 * asks what nobody asked before). Per main world, in its language, from the demo catalogue's
 * vocabulary: topics as typed, one and two words, words with a grade or a material type, misspelt
 * words, and the same with filters, sorts and pages; filter-only pages as a crawler reaches them.
 * One search per line, its parameters as `name=value` separated by tabs, unencoded; `@Title` stands
 * for the id of the filter value with that title (ids differ between databases; the bench reads
 * them from `GET v1/filters`). Deterministic.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Random } from '@/lib/seed/random';
import { VOCABULARIES } from '@/lib/seed/vocabulary';
import { MAIN_WORLDS } from '@/lib/worlds/worlds';

export const QUERIES_DIR = path.join(__dirname, 'bench-queries');
const PER_WORLD = 2400;

function misspell(word: string, random: Random): string {
  const letters = [...word];
  if (letters.length < 5) return word;
  const at = random.int(1, letters.length - 2);
  switch (random.int(0, 2)) {
    case 0:
      letters.splice(at, 1);
      break;
    case 1:
      [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
      break;
    default:
      letters.splice(at, 0, letters[at]!);
  }
  return letters.join('');
}

function queriesOf(world: (typeof MAIN_WORLDS)[number]): string[] {
  const vocabulary = VOCABULARIES[world];
  const random = new Random(2026 + MAIN_WORLDS.indexOf(world));
  const topics = vocabulary.subjects.flatMap((s) => s.topics.map((topic) => ({ topic, subject: s.title })));
  const words = [
    ...new Set(
      [...topics.map((t) => t.topic), ...vocabulary.subjects.map((s) => s.title)].flatMap(
        (text) => text.match(/[\p{L}\p{N}]{3,}/gu) ?? [],
      ),
    ),
  ];
  const types = vocabulary.materialTypes.map((t) => t.title);
  const grades = vocabulary.grades;
  const subjects = vocabulary.subjects.map((s) => s.title);
  const sorts = ['newest', 'bestseller', 'price_asc', 'price_desc'];
  const q = (text: string) => `q=${text}`;
  const filter = (name: string, title: string) => `${name}=@${title}`;
  const out = new Set<string>();
  const add = (...parts: string[]) => out.add(parts.join('\t'));

  for (const { topic } of topics) add(q(topic));
  for (const word of words) add(q(word));
  while (out.size < PER_WORLD) {
    const word = random.pick(words);
    const typed = random.chance(0.12) ? misspell(word, random) : word;
    switch (random.int(0, 9)) {
      case 0:
        add(q(`${typed} ${random.pick(types)}`));
        break;
      case 1:
        add(q(`${typed} ${random.pick(grades)}`));
        break;
      case 2:
        add(q(`${typed} ${random.pick(words)}`));
        break;
      case 3:
        add(q(typed), filter('subject', random.pick(subjects)));
        break;
      case 4:
        add(q(typed), filter('class_grade', random.pick(grades)));
        break;
      case 5:
        add(q(typed), `sort=${random.pick(sorts)}`);
        break;
      case 6:
        add(q(typed), random.chance(0.5) ? 'price=free' : 'price=paid', `page=${random.int(1, 3)}`);
        break;
      case 7:
        add(filter('subject', random.pick(subjects)), filter('class_grade', random.pick(grades)));
        break;
      case 8:
        add(
          filter('subject', random.pick(subjects)),
          filter('material_type', random.pick(types)),
          `sort=${random.pick(sorts)}`,
          `page=${random.int(1, 4)}`,
        );
        break;
      default:
        add(q(random.pick(topics).topic), filter('class_grade', random.pick(grades)));
    }
  }
  // Shuffled, so a short run still sees every kind.
  return random.sample([...out], out.size);
}

if (require.main === module) {
  fs.mkdirSync(QUERIES_DIR, { recursive: true });
  for (const world of MAIN_WORLDS) {
    const queries = queriesOf(world);
    fs.writeFileSync(path.join(QUERIES_DIR, `${world}.txt`), `${queries.join('\n')}\n`);
    console.log(`${world}: ${queries.length} queries`);
  }
}
