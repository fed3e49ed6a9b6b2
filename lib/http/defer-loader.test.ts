/**
 * @jest-environment jsdom
 */
import { DEFER_LOADER } from './defer-scripts';

/** Runs the loader in this document, as the browser does at the end of the body. */
function runLoader() {
  new Function(DEFER_LOADER.slice('<script>'.length, -'</script>'.length))();
}

function insertedScripts(): string[] {
  return [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')!);
}

/** Lets the loader's animation frame and zero timeout pass. */
function passAFrame() {
  jest.advanceTimersByTime(20);
}

beforeEach(() => {
  jest.useFakeTimers();
  document.head.innerHTML = '';
  // A page that asks for its scripts at once (the material page); the first, anonymous visit's
  // wait for a tap is in defer-loader-intent.test.ts.
  document.body.innerHTML =
    '<article data-scripts="at-once"></article><script type="text/plain" data-kreide-src="/_next/static/chunks/a.js"></script><script type="text/plain" data-kreide-src="/_next/static/chunks/b.js"></script>';
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the deferred script loader on a page that starts at once', () => {
  it('starts the framework chunks one frame after the first paint when no image is pending', () => {
    runLoader();
    expect(insertedScripts()).toEqual([]);
    passAFrame();
    expect(insertedScripts()).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js']);
  });

  it('waits for the eager images (loaded or failed) but not for lazy ones', () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<img src="/media/covers/1.webp" id="first"><img src="/media/covers/2.webp" id="second"><img src="/media/covers/3.webp" loading="lazy">',
    );
    runLoader();
    passAFrame();
    expect(insertedScripts()).toEqual([]);
    document.getElementById('first')!.dispatchEvent(new Event('load'));
    passAFrame();
    expect(insertedScripts()).toEqual([]);
    document.getElementById('second')!.dispatchEvent(new Event('error'));
    passAFrame();
    expect(insertedScripts()).toHaveLength(2);
  });

  it('waits for an eager image to be decoded where the browser can say so', async () => {
    let decoded!: () => void;
    const image = document.createElement('img');
    image.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    document.body.prepend(image);
    runLoader();
    passAFrame();
    expect(insertedScripts()).toEqual([]);
    decoded();
    await Promise.resolve();
    passAFrame();
    expect(insertedScripts()).toHaveLength(2);
  });

  it('starts after 3 s even when an image never arrives, and only once', () => {
    document.body.insertAdjacentHTML('afterbegin', '<img src="/media/slow.webp" id="slow">');
    runLoader();
    jest.advanceTimersByTime(2_900);
    expect(insertedScripts()).toEqual([]);
    jest.advanceTimersByTime(200);
    expect(insertedScripts()).toHaveLength(2);
    document.getElementById('slow')!.dispatchEvent(new Event('load'));
    passAFrame();
    expect(insertedScripts()).toHaveLength(2);
  });
});
