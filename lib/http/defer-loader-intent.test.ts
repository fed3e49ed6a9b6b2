/** @jest-environment jest-fixed-jsdom */
import { LOGGED_IN_KEY } from '@/lib/browser-session/storage';
import { DEFER_LOADER } from './defer-scripts';
import { INTERACTIVE_EVENT } from '@/lib/browser-session/interactive-event';

/**
 * The stored page's loader run in jsdom: which events start Next's runtime, and what happens to a
 * tap made before React has hydrated. Each page is an iframe of its own, so no loader's listeners
 * outlive their test.
 */
function pageWith(
  body: string,
  before: (win: Window) => void = () => undefined,
): { doc: Document; win: Window; started: () => string[] } {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  const win = frame.contentWindow!;
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(
    `<html><head></head><body>${body}<script type="text/plain" data-kreide-src="/_next/static/chunks/a.js"></script><script type="text/plain" data-kreide-src="/_next/static/chunks/b.js"></script></body></html>`,
  );
  doc.close();
  // jsdom paints nothing and so has no animation frames unless asked to pretend.
  win.requestAnimationFrame = (callback) => win.setTimeout(() => callback(0), 0);
  before(win);
  // jsdom does not run scripts written by document.write in a frame by default: run the loader
  // in the frame's window, as the browser would at the end of the body.
  const source = DEFER_LOADER.replace(/^<script>/, '').replace(/<\/script>$/, '');
  (win as unknown as { eval(code: string): void }).eval(source);
  const started = () => [...doc.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')!);
  return { doc, win, started };
}

/** jsdom keeps no cookies for an about:blank frame: the frame's document says it has these. */
function cookies(win: Window, value: string) {
  Object.defineProperty(win.document, 'cookie', { value, configurable: true });
}

function press(win: Window, target: Element, type = 'pointerdown') {
  const PointerEventOf = (win as unknown as { MouseEvent: typeof MouseEvent }).MouseEvent;
  target.dispatchEvent(new PointerEventOf(type, { bubbles: true, cancelable: true }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the stored page loader', () => {
  it('does not start the runtime on an anonymous first visit that only reads', async () => {
    const { win, started } = pageWith('<p>text</p>');
    await new Promise((resolve) => win.setTimeout(resolve, 50));
    expect(started()).toEqual([]);
  });

  it('prefetches the chunks without running them once the page has loaded', () => {
    const { doc, win, started } = pageWith('<p>text</p>');
    win.dispatchEvent(new (win as unknown as { Event: typeof Event }).Event('load'));
    const prefetched = [...doc.head.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href'));
    expect(prefetched).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js']);
    expect(started()).toEqual([]);
  });

  it('leaves a tap on a plain link to the browser: no runtime for a page about to be left', () => {
    const { doc, win, started } = pageWith('<a href="/de/material/1/x"><span>card</span></a>');
    press(win, doc.querySelector('span')!);
    doc.querySelector('a')!.focus();
    expect(started()).toEqual([]);
  });

  it('starts the runtime, in order, when a pointer presses anything else, a key goes down or focus moves in', () => {
    for (const [body, act] of [
      ['<p id="t">text</p>', (doc: Document, win: Window) => press(win, doc.getElementById('t')!)],
      ['<p id="t">text</p>', (doc: Document, win: Window) => press(win, doc.getElementById('t')!, 'keydown')],
      ['<input id="t">', (doc: Document) => (doc.getElementById('t') as HTMLInputElement).focus()],
    ] as const) {
      const { doc, win, started } = pageWith(body);
      act(doc, win);
      expect(started()).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js']);
      press(win, doc.body);
      expect(started()).toHaveLength(2);
    }
  });

  it('holds clicks on scripted buttons until the page is interactive, then gives each to its button once', () => {
    const { doc, win, started } = pageWith(
      '<button id="b" type="button">follow</button><span role="button" id="r">copy</span><input id="c" type="checkbox">',
    );
    const heard: string[] = [];
    const button = doc.getElementById('b')!;
    button.addEventListener('click', () => heard.push('follow'));
    const copy = doc.getElementById('r')!;
    copy.addEventListener('click', () => heard.push('copy'));
    button.click();
    expect(heard).toEqual([]);
    expect(started()).toHaveLength(2);
    // An impatient second tap on the same button is the same wish, not a second one.
    copy.click();
    button.click();
    expect(heard).toEqual([]);

    // A checkbox works without script: it toggles at once, and React hydrates what it shows.
    const box = doc.getElementById('c') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(true);

    doc.dispatchEvent(new (win as unknown as { Event: typeof Event }).Event(INTERACTIVE_EVENT));
    expect(heard).toEqual(['follow', 'copy']);
    // Once interactive, clicks pass straight through.
    button.click();
    expect(heard).toEqual(['follow', 'copy', 'follow']);
  });

  it('hands text typed before hydration to React as an input event', () => {
    const { doc, win } = pageWith('<input id="q" value="">');
    const input = doc.getElementById('q') as HTMLInputElement;
    input.focus();
    input.value = 'Brüche';
    const values: string[] = [];
    input.addEventListener('input', () => values.push(input.value));
    doc.dispatchEvent(new (win as unknown as { Event: typeof Event }).Event(INTERACTIVE_EVENT));
    expect(values).toEqual(['Brüche']);
  });

  it('starts after the first paint without a tap when this browser is signed in, has a cart, or the page asks', async () => {
    for (const [body, before] of [
      ['', (win: Window) => win.localStorage.setItem(LOGGED_IN_KEY, '1')],
      ['', (win: Window) => cookies(win, 'kreide_consent=1; c_n_de=2')],
      ['<article data-scripts="at-once"></article>', () => undefined],
    ] as const) {
      const { win, started } = pageWith(`<p>text</p>${body}`, before);
      await new Promise((resolve) => win.setTimeout(resolve, 50));
      expect(started()).toHaveLength(2);
      win.localStorage.clear();
    }
  });

  it('does not count an empty cart as personal', async () => {
    const { win, started } = pageWith('<p>text</p>', (w) => cookies(w, 'c_n_de=0; xc_n_de=3'));
    await new Promise((resolve) => win.setTimeout(resolve, 50));
    expect(started()).toEqual([]);
  });
});

describe('the stored page loader and the inert payload', () => {
  it('pushes the payload, in order, before it appends the first framework script', () => {
    const { doc, win } = pageWith(
      '<script type="application/json" data-kreide-flight="">[[0],[1,"a"]]</script><script type="application/json" data-kreide-flight="">[[1,"b"]]</script>',
    );
    const pushedWhenScriptsCame: unknown[][] = [];
    new (win as unknown as { MutationObserver: typeof MutationObserver }).MutationObserver(() =>
      pushedWhenScriptsCame.push([...((win as unknown as { __next_f?: unknown[] }).__next_f ?? [])]),
    ).observe(doc.head, { childList: true });
    press(win, doc.body, 'keydown');
    expect((win as unknown as { __next_f: unknown[] }).__next_f).toEqual([[0], [1, 'a'], [1, 'b']]);
    return Promise.resolve().then(() => expect(pushedWhenScriptsCame[0]).toEqual([[0], [1, 'a'], [1, 'b']]));
  });
});
