/** @jest-environment jest-fixed-jsdom */
import { KEEP_SCRIPT } from './keep-script';
import { KEEPS_HINT_COOKIE } from './keeps-hint';

/**
 * The hearts' and follow buttons' script run in jsdom, in a frame of its own per test: which
 * calls it makes, and what the buttons show before, during and after them.
 */
type Call = { url: string; init?: RequestInit };

const FORMS =
  '<form id="keep-material" method="post" action="/api/v3/subscriptions/form?world=gr" hidden><input type="hidden" name="subjectType" value="material"></form>' +
  '<form id="keep-author" method="post" action="/api/v3/subscriptions/form?world=gr" hidden><input type="hidden" name="subjectType" value="author"></form>';
function heart(id: number) {
  return `<button form="keep-material" name="subjectId" value="${id}" data-keep="material" data-keep-id="${id}" aria-pressed="false"></button>`;
}
function follow(id: number) {
  return `<button form="keep-author" name="subjectId" value="${id}" data-keep="author" data-keep-id="${id}" aria-pressed="false">Follow</button>`;
}

function pageWith(
  body: string,
  options: { cookie?: string; answer?: (call: Call) => Promise<Response> | Response } = {},
) {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  const win = frame.contentWindow! as Window & typeof globalThis;
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(
    `<html data-world="gr"><body>${body}${FORMS}<p id="keep-notice" role="status" data-failed="Failed" hidden></p></body></html>`,
  );
  doc.close();
  Object.defineProperty(doc, 'cookie', { value: options.cookie ?? '', configurable: true });
  const calls: Call[] = [];
  win.fetch = ((url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const answer = options.answer?.({ url, init }) ?? new Response('{}', { status: 200 });
    return Promise.resolve(answer);
  }) as typeof fetch;
  (win as unknown as { eval(code: string): void }).eval(KEEP_SCRIPT);
  const button = (type: string, id: number) =>
    doc.querySelector(`button[data-keep="${type}"][data-keep-id="${id}"]`) as HTMLButtonElement;
  const pressed = (type: string, id: number) => button(type, id).getAttribute('aria-pressed');
  /** A press as the browser reports it: a submit of the button's form naming the button. */
  const submit = (type: string, id: number) => {
    const pressedButton = button(type, id);
    const SubmitEventOf = (win as unknown as { SubmitEvent: typeof SubmitEvent }).SubmitEvent;
    const event = new SubmitEventOf('submit', { bubbles: true, cancelable: true, submitter: pressedButton });
    pressedButton.form!.dispatchEvent(event);
    return event;
  };
  return { doc, win, calls, pressed, submit };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the keep script', () => {
  it('asks nothing of a visitor whose browser keeps nothing', async () => {
    const { calls } = pageWith(heart(1) + heart(2));
    await settle();
    expect(calls).toEqual([]);
  });

  it('asks for the state of the page’s materials and authors once, and shows it', async () => {
    const { calls, pressed } = pageWith(heart(1) + heart(2) + heart(1) + follow(9), {
      cookie: `a=b; ${KEEPS_HINT_COOKIE}=1`,
      answer: () => json({ materials: [2], authors: [9] }),
    });
    await settle();
    expect(calls.map((c) => c.url)).toEqual(['/api/v3/subscriptions/status?materials=1,2&authors=9&world=gr']);
    expect(pressed('material', 1)).toBe('false');
    expect(pressed('material', 2)).toBe('true');
    expect(pressed('author', 9)).toBe('true');
  });

  it('asks again for controls added later, and for all when the tab comes back', async () => {
    const { doc, win, calls } = pageWith(heart(1), {
      cookie: `${KEEPS_HINT_COOKIE}=1`,
      answer: () => json({ materials: [], authors: [] }),
    });
    await settle();
    doc.body.insertAdjacentHTML('beforeend', heart(5));
    await settle();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v3/subscriptions/status?materials=1&authors=&world=gr',
      '/api/v3/subscriptions/status?materials=5&authors=&world=gr',
    ]);
    doc.dispatchEvent(new (win as unknown as { Event: typeof Event }).Event('visibilitychange'));
    await settle();
    expect(calls.at(-1)!.url).toBe('/api/v3/subscriptions/status?materials=1,5&authors=&world=gr');
  });

  it('does not let a status answer undo a press made while it was on its way', async () => {
    let answerStatus: (() => void) | null = null;
    const { calls, pressed, submit } = pageWith(follow(16) + heart(2), {
      cookie: `${KEEPS_HINT_COOKIE}=1`,
      answer: (call) =>
        call.url.includes('status')
          ? new Promise<Response>((resolve) => {
              answerStatus = () => resolve(json({ materials: [2], authors: [] }));
            })
          : json({}),
    });
    await settle();
    submit('author', 16);
    expect(pressed('author', 16)).toBe('true');
    await settle();
    // The status was asked for before the press: it says "not followed", which is no longer true.
    answerStatus!();
    await settle();
    expect(pressed('author', 16)).toBe('true');
    expect(pressed('material', 2)).toBe('true');
    expect(calls.map((c) => c.url)).toContain('/api/v3/subscriptions/anonymous/subscribe?world=gr');
  });

  it('leaves the form post to a browser that does not say which button was pressed', async () => {
    const { doc, win, calls } = pageWith(heart(8));
    const event = new (win as unknown as { Event: typeof Event }).Event('submit', { bubbles: true, cancelable: true });
    doc.getElementById('keep-material')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    await settle();
    expect(calls).toEqual([]);
  });

  it('turns a press into a toggle: shown at once, sent to the anonymous route, not posted as a form', async () => {
    const { calls, pressed, submit } = pageWith(heart(3) + heart(3));
    const event = submit('material', 3);
    expect(event.defaultPrevented).toBe(true);
    expect(pressed('material', 3)).toBe('true');
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/v3/subscriptions/anonymous/subscribe?world=gr');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ subjectId: 3, subjectType: 'material' });
    submit('material', 3);
    expect(pressed('material', 3)).toBe('false');
    await settle();
    expect(calls[1]!.url).toBe('/api/v3/subscriptions/anonymous/unsubscribe?world=gr');
  });

  it('rolls back and says the server’s message when a change is refused, or its own when the network fails', async () => {
    let fail: 'refused' | 'network' = 'refused';
    const { doc, pressed, submit } = pageWith(heart(4), {
      answer: () =>
        fail === 'refused'
          ? json({ error: { code: 'conflict', message: 'Μέχρι 500 αγαπημένα χωρίς λογαριασμό.' } }, 409)
          : Promise.reject(new TypeError('offline')),
    });
    submit('material', 4);
    expect(pressed('material', 4)).toBe('true');
    await settle();
    expect(pressed('material', 4)).toBe('false');
    const notice = doc.getElementById('keep-notice')!;
    expect(notice.hidden).toBe(false);
    expect(notice.textContent).toBe('Μέχρι 500 αγαπημένα χωρίς λογαριασμό.');
    fail = 'network';
    submit('material', 4);
    await settle();
    expect(pressed('material', 4)).toBe('false');
    expect(notice.textContent).toBe('Failed');
  });

  it('sends a first visitor’s quick presses one after another, and later ones of other subjects at once', async () => {
    let release: (() => void) | null = null;
    const answer = (calls: Call[]) =>
      calls.length === 1
        ? new Promise<Response>((resolve) => {
            release = () => resolve(json({}));
          })
        : json({});
    const first = pageWith(heart(6) + follow(7), { answer: () => answer(first.calls) });
    first.submit('material', 6);
    first.submit('author', 7);
    await settle();
    // The first press makes the anonymous identity: the second waits for it.
    expect(first.calls).toHaveLength(1);
    expect(first.calls[0]!.init).toMatchObject({ keepalive: true });
    release!();
    await settle();
    expect(first.calls.map((c) => JSON.parse(String(c.init!.body)).subjectType)).toEqual(['material', 'author']);

    release = null;
    const later = pageWith(heart(6) + follow(7), {
      cookie: `${KEEPS_HINT_COOKIE}=1`,
      answer: (call) => (call.url.includes('status') ? json({ materials: [], authors: [] }) : answer(later.calls)),
    });
    await settle();
    later.calls.length = 0;
    later.submit('material', 6);
    later.submit('author', 7);
    later.submit('material', 6);
    await settle();
    // Another subject goes at once; the same subject's second press waits for its first.
    expect(later.calls.map((c) => c.url)).toEqual([
      '/api/v3/subscriptions/anonymous/subscribe?world=gr',
      '/api/v3/subscriptions/anonymous/subscribe?world=gr',
    ]);
    release!();
    await settle();
    expect(later.calls.at(-1)!.url).toBe('/api/v3/subscriptions/anonymous/unsubscribe?world=gr');
  });
});
