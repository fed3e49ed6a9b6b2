/**
 * A small schema.org validator for the JSON-LD our pages emit, strict where crawlers are: every
 * item has a type we know, uses only properties that type (or a type it inherits from) defines,
 * has the properties rich results need, and gives absolute http(s) URLs. No empty strings, nulls,
 * empty lists or `undefined`.
 *
 * The allow-lists below are subsets of schema.org's definitions, taken from the type's page at
 * https://schema.org/<Type> (properties listed there under the type itself; inherited ones come
 * through `parent`). A property schema.org defines but we have no use for yet is left out on
 * purpose: adding it here is the moment to check it on schema.org.
 */

interface SchemaType {
  parent?: string;
  /** Properties this type itself defines (https://schema.org/<Type>). */
  properties: readonly string[];
  /** What the item must carry: schema.org's expectation or Google's rich-result requirement. */
  required?: readonly string[];
}

const TYPES: Record<string, SchemaType> = {
  // https://schema.org/Thing
  Thing: {
    properties: ['name', 'alternateName', 'description', 'identifier', 'image', 'sameAs', 'url', 'potentialAction'],
  },
  // https://schema.org/CreativeWork
  CreativeWork: {
    parent: 'Thing',
    properties: [
      'about',
      'author',
      'dateCreated',
      'dateModified',
      'datePublished',
      'inLanguage',
      'interactionStatistic',
      'mainEntity',
      'publisher',
    ],
  },
  // https://schema.org/WebPage
  WebPage: { parent: 'CreativeWork', properties: ['breadcrumb'] },
  // https://schema.org/ProfilePage (Google: "ProfilePage" needs a Person or Organization as mainEntity)
  ProfilePage: { parent: 'WebPage', properties: [], required: ['mainEntity'] },
  // https://schema.org/WebSite
  WebSite: { parent: 'CreativeWork', properties: [], required: ['name', 'url'] },
  // https://schema.org/Person
  Person: {
    parent: 'Thing',
    properties: ['agentInteractionStatistic', 'interactionStatistic', 'jobTitle', 'email', 'telephone'],
    required: ['name'],
  },
  // https://schema.org/Organization
  Organization: {
    parent: 'Thing',
    properties: ['address', 'email', 'legalName', 'logo', 'telephone', 'vatID', 'taxID', 'interactionStatistic'],
  },
  // https://schema.org/Intangible, https://schema.org/StructuredValue
  Intangible: { parent: 'Thing', properties: [] },
  StructuredValue: { parent: 'Intangible', properties: [] },
  // https://schema.org/InteractionCounter
  InteractionCounter: {
    parent: 'StructuredValue',
    properties: ['interactionType', 'userInteractionCount', 'interactionService'],
    required: ['interactionType', 'userInteractionCount'],
  },
  // https://schema.org/ContactPoint
  ContactPoint: { parent: 'StructuredValue', properties: ['email', 'telephone', 'contactType', 'areaServed'] },
  // https://schema.org/PostalAddress
  PostalAddress: {
    parent: 'ContactPoint',
    properties: ['addressCountry', 'addressLocality', 'addressRegion', 'postalCode', 'streetAddress'],
  },
  // https://schema.org/ItemList
  ItemList: { parent: 'Intangible', properties: ['itemListElement', 'itemListOrder', 'numberOfItems'] },
  // https://schema.org/BreadcrumbList
  BreadcrumbList: { parent: 'ItemList', properties: [], required: ['itemListElement'] },
  // https://schema.org/ListItem (Google's breadcrumbs: position, name and item on every crumb)
  ListItem: {
    parent: 'Intangible',
    properties: ['item', 'position', 'nextItem', 'previousItem'],
    required: ['position', 'name', 'item'],
  },
  // https://schema.org/Action
  Action: { parent: 'Thing', properties: ['target', 'object', 'result', 'actionStatus'] },
  // https://schema.org/SearchAction; `query-input` is the input annotation of potential actions,
  // https://schema.org/docs/actions.html ("Part 4: Input and output constraints").
  SearchAction: { parent: 'Action', properties: ['query', 'query-input'], required: ['target', 'query-input'] },
  // https://schema.org/EntryPoint
  EntryPoint: {
    parent: 'Intangible',
    properties: ['urlTemplate', 'actionPlatform', 'httpMethod', 'contentType', 'encodingType'],
    required: ['urlTemplate'],
  },
  // https://schema.org/Product (Google: offers, review or aggregateRating; we always sell)
  Product: {
    parent: 'Thing',
    properties: ['aggregateRating', 'brand', 'category', 'offers', 'sku', 'review'],
    required: ['name', 'offers'],
  },
  // https://schema.org/Offer
  Offer: {
    parent: 'Intangible',
    properties: ['availability', 'itemCondition', 'price', 'priceCurrency', 'priceValidUntil', 'seller'],
    required: ['price', 'priceCurrency'],
  },
  // https://schema.org/Brand
  Brand: { parent: 'Intangible', properties: ['logo', 'slogan', 'aggregateRating'] },
  // https://schema.org/Rating, https://schema.org/AggregateRating
  Rating: { parent: 'Intangible', properties: ['bestRating', 'ratingValue', 'worstRating', 'author'] },
  AggregateRating: {
    parent: 'Rating',
    properties: ['itemReviewed', 'ratingCount', 'reviewCount'],
    required: ['ratingValue', 'ratingCount'],
  },
};

/** Properties whose text is a URL (or, for enumerations, a schema.org member's URL). */
const URL_PROPERTIES = new Set([
  '@id',
  'url',
  'item',
  'image',
  'logo',
  'sameAs',
  'urlTemplate',
  'interactionType',
  'availability',
  'itemCondition',
]);

function propertiesOf(type: string): Set<string> {
  const out = new Set<string>();
  for (let t: string | undefined = type; t; t = TYPES[t]?.parent) for (const p of TYPES[t]!.properties) out.add(p);
  return out;
}

function isAbsoluteUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host !== '';
  } catch {
    return false;
  }
}

function checkValue(value: unknown, path: string, property: string, problems: string[]): void {
  if (value === undefined) problems.push(`${path}: undefined`);
  else if (value === null) problems.push(`${path}: null`);
  else if (Array.isArray(value)) {
    if (value.length === 0) problems.push(`${path}: empty list`);
    value.forEach((v, i) => checkValue(v, `${path}[${i}]`, property, problems));
  } else if (typeof value === 'object') checkItem(value as Record<string, unknown>, path, false, problems);
  else if (typeof value === 'string') {
    if (value.trim() === '') problems.push(`${path}: empty text`);
    else if (URL_PROPERTIES.has(property) && !isAbsoluteUrl(value))
      problems.push(`${path}: "${value}" is not an absolute http(s) URL`);
  } else if (typeof value === 'number' && !Number.isFinite(value)) problems.push(`${path}: ${value}`);
}

function checkItem(item: Record<string, unknown>, path: string, topLevel: boolean, problems: string[]): void {
  const type = item['@type'];
  if (topLevel && item['@context'] !== 'https://schema.org')
    problems.push(`${path}: @context must be "https://schema.org"`);
  if (!topLevel && '@context' in item) problems.push(`${path}: @context belongs to the top-level item only`);
  if (typeof type !== 'string' || !TYPES[type]) {
    problems.push(`${path}: unknown @type ${JSON.stringify(type)}`);
    return;
  }
  const keys = Object.keys(item).filter((k) => k !== '@context' && k !== '@type');
  // A reference to an item described elsewhere on the page: its type and its @id.
  const isReference = !topLevel && keys.length === 1 && keys[0] === '@id';
  const allowed = propertiesOf(type);
  for (const key of keys) {
    if (key !== '@id' && !allowed.has(key)) problems.push(`${path}.${key}: not a property of ${type} on schema.org`);
    checkValue(item[key], `${path}.${key}`, key, problems);
  }
  if (!isReference) {
    for (let t: string | undefined = type; t; t = TYPES[t]?.parent)
      for (const p of TYPES[t]!.required ?? []) if (!(p in item)) problems.push(`${path}: ${type} needs ${p}`);
  }
  if (type === 'BreadcrumbList' && Array.isArray(item.itemListElement)) {
    item.itemListElement.forEach((crumb: { position?: unknown }, i) => {
      if (crumb?.position !== i + 1) problems.push(`${path}.itemListElement[${i}]: position must be ${i + 1}`);
    });
  }
  if (type === 'InteractionCounter') {
    const count = item.userInteractionCount;
    if (!Number.isInteger(count) || (count as number) < 0)
      problems.push(`${path}.userInteractionCount: a count, not ${JSON.stringify(count)}`);
  }
  if (type === 'SearchAction') {
    const input = /^required name=([A-Za-z_]\w*)$/.exec(String(item['query-input']));
    const template = (item.target as { urlTemplate?: unknown } | undefined)?.urlTemplate;
    if (!input) problems.push(`${path}.query-input: expected "required name=<variable>"`);
    else if (typeof template !== 'string' || !template.includes(`{${input[1]}}`))
      problems.push(`${path}.target.urlTemplate: has no {${input[1]}}`);
  }
}

/**
 * The problems of a page's JSON-LD, by path; none means valid. Takes what one script holds:
 * one top-level item or a list of them.
 */
export function validateJsonLd(data: unknown): string[] {
  const problems: string[] = [];
  const items = Array.isArray(data) ? data : [data];
  if (items.length === 0) problems.push('$: empty list');
  items.forEach((item, i) => {
    const path = Array.isArray(data) ? `$[${i}]` : '$';
    if (item === null || typeof item !== 'object' || Array.isArray(item)) problems.push(`${path}: not an item`);
    else checkItem(item as Record<string, unknown>, path, true, problems);
  });
  return problems;
}

/**
 * The top-level items of every JSON-LD script of a page's HTML, parsed as a crawler parses them
 * (a script holding a list gives each of its items).
 */
export function jsonLdItems(html: string): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const data: unknown = JSON.parse(match[1]!);
    for (const item of Array.isArray(data) ? data : [data]) items.push(item as Record<string, unknown>);
  }
  return items;
}
