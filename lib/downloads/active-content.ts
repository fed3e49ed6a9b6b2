import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, type PDFDocument, type PDFObject } from 'pdf-lib';

/**
 * What a PDF can do on its own in a reader, beyond showing pages, by the words a seller is told:
 * scripts; actions that start programs or open other files; files carried inside; actions that
 * run by themselves (on opening the file, a page, a field); forms that send or load data; rich
 * media (Flash and the like); XFA forms (which carry their own scripts).
 */
export const ACTIVE_CONTENT_KINDS = [
  'javascript',
  'launch',
  'embedded_files',
  'auto_actions',
  'form_data',
  'rich_media',
  'xfa',
] as const;
export type ActiveContentKind = (typeof ACTIVE_CONTENT_KINDS)[number];

/** Action types by what they do; other actions (go to a page, open a web link on a click) stay. */
const ACTIONS: Record<string, ActiveContentKind> = {
  JavaScript: 'javascript',
  Launch: 'launch',
  GoToR: 'launch',
  GoToE: 'embedded_files',
  SubmitForm: 'form_data',
  ImportData: 'form_data',
  RichMediaExecute: 'rich_media',
};

/** Annotations that are active content themselves: they go as a whole. */
const ANNOTATIONS: Record<string, ActiveContentKind> = {
  FileAttachment: 'embedded_files',
  RichMedia: 'rich_media',
};

/**
 * Keys whose presence is the active content, whatever their value: additional actions (`AA`,
 * run on events), script text (`JS`), the document's script and attached-file name trees (in
 * `Names`), a file specification's embedded file (`EF`), an XFA form (in `AcroForm`).
 */
const KEYS: Record<string, ActiveContentKind> = {
  AA: 'auto_actions',
  JS: 'javascript',
  JavaScript: 'javascript',
  EmbeddedFiles: 'embedded_files',
  EF: 'embedded_files',
  XFA: 'xfa',
};

/**
 * A name as readers see it. pdf-lib decodes `#xx` escapes only with upper-case hex digits, and a
 * reader takes `/#4aavaScript` for `/JavaScript` too.
 */
function nameText(name: PDFName): string {
  return name.decodeText().replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function nameValue(dict: PDFDict, key: string): string | null {
  for (const [entryKey, value] of dict.entries()) {
    if (nameText(entryKey) !== key) continue;
    const resolved = value instanceof PDFRef ? dict.context.lookup(value) : value;
    return resolved instanceof PDFName ? nameText(resolved) : null;
  }
  return null;
}

/** The kind a dictionary is as a whole (an action or annotation to drop), or null. */
function wholeKind(dict: PDFDict): ActiveContentKind | null {
  const action = nameValue(dict, 'S');
  if (action && ACTIONS[action]) return ACTIONS[action]!;
  const subtype = nameValue(dict, 'Subtype');
  if (subtype && ANNOTATIONS[subtype]) return ANNOTATIONS[subtype]!;
  if (nameValue(dict, 'Type') === 'EmbeddedFile') return 'embedded_files';
  return null;
}

function dictOf(object: PDFObject | undefined): PDFDict | null {
  if (object instanceof PDFStream) return object.dict;
  return object instanceof PDFDict ? object : null;
}

/** The kinds a key of a dictionary stands for, given its value. */
function keyKind(key: string, value: PDFObject, context: PDFDict['context']): ActiveContentKind | null {
  if (KEYS[key]) return KEYS[key]!;
  // An opening action that is a place to show (a destination array) is harmless; any action
  // dictionary runs by itself, a web link as much as a script.
  if (key === 'OpenAction') {
    const resolved = value instanceof PDFRef ? context.lookup(value) : value;
    return resolved instanceof PDFArray ? null : 'auto_actions';
  }
  return null;
}

interface Finding {
  kinds: Set<ActiveContentKind>;
  /** Indirect objects that are active content as a whole (actions, annotations, file streams). */
  wholeRefs: Set<PDFRef>;
}

/**
 * Walks every object of the file, not only those reachable from the catalogue: pdf-lib has read
 * every object, including those packed in object streams, so nothing hides behind an indirect
 * reference, an unusual place in the tree, or an older revision.
 */
function visitAll(document: PDFDocument, visit: (dict: PDFDict) => void): void {
  const seen = new Set<PDFObject>();
  const walk = (object: PDFObject) => {
    if (seen.has(object)) return;
    seen.add(object);
    const dict = dictOf(object);
    if (dict) {
      visit(dict);
      for (const [, value] of dict.entries()) walk(value);
    } else if (object instanceof PDFArray) {
      for (const element of object.asArray()) walk(element);
    }
  };
  for (const [, object] of document.context.enumerateIndirectObjects()) walk(object);
}

function find(document: PDFDocument): Finding {
  const finding: Finding = { kinds: new Set(), wholeRefs: new Set() };
  visitAll(document, (dict) => {
    const whole = wholeKind(dict);
    if (whole) finding.kinds.add(whole);
    for (const [key, value] of dict.entries()) {
      const kind = keyKind(nameText(key), value, dict.context);
      if (!kind) continue;
      finding.kinds.add(kind);
      // What such a key holds goes with it: a script's text or an XFA form's packets may be
      // streams of their own, a name tree a dictionary of its own.
      const held = value instanceof PDFArray ? value.asArray() : [value];
      for (const object of held) if (object instanceof PDFRef) finding.wholeRefs.add(object);
    }
  });
  for (const [ref, object] of document.context.enumerateIndirectObjects()) {
    const dict = dictOf(object);
    if (dict && wholeKind(dict)) finding.wholeRefs.add(ref);
  }
  return finding;
}

const inOrder = (kinds: Set<ActiveContentKind>) => ACTIVE_CONTENT_KINDS.filter((kind) => kinds.has(kind));

/** The kinds of active content a loaded PDF carries, in the order of ACTIVE_CONTENT_KINDS. */
export function findActiveContent(document: PDFDocument): ActiveContentKind[] {
  return inOrder(find(document).kinds);
}

/**
 * Removes every kind of active content from a loaded PDF (before it is saved for a buyer) and
 * says which kinds there were. Keys that are active content go; actions, attachment and rich
 * media annotations and embedded file streams go as objects, and every reference to them, so the
 * saved file carries neither the behaviour nor its script or payload. What shows on the pages
 * stays: web links on a click, destinations, form fields without their scripts.
 */
export function removeActiveContent(document: PDFDocument): ActiveContentKind[] {
  const { kinds, wholeRefs } = find(document);
  if (kinds.size === 0) return [];
  const isWhole = (value: PDFObject) =>
    value instanceof PDFRef ? wholeRefs.has(value) : Boolean(dictOf(value) && wholeKind(dictOf(value)!));
  visitAll(document, (dict) => {
    for (const [key, value] of dict.entries()) {
      if (keyKind(nameText(key), value, dict.context) || isWhole(value)) dict.delete(key);
      else if (value instanceof PDFArray) {
        for (let index = value.size() - 1; index >= 0; index--) if (isWhole(value.get(index))) value.remove(index);
      }
    }
  });
  // Arrays held as indirect objects (an `Annots` array of its own) are not a dictionary's entry.
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFArray)) continue;
    for (let index = object.size() - 1; index >= 0; index--) if (isWhole(object.get(index))) object.remove(index);
  }
  for (const ref of wholeRefs) document.context.delete(ref);
  // An XFA form is drawn by readers that know XFA only when this says so.
  document.catalog.delete(PDFName.of('NeedsRendering'));
  return inOrder(kinds);
}
