import { http, HttpResponse } from 'msw';
import { createTracker, type TrackedEvent } from './tracking';
import { API, USER, createHarness, serveApiForTests } from './testing/harness';

const { server, requests } = serveApiForTests();

/** The browser's tracker wiring (lib/browser-session/browser.ts) on a test session. */
function trackerFor(harness: ReturnType<typeof createHarness>) {
  const dataLayer: unknown[] = [];
  const sent: TrackedEvent[][] = [];
  const tracker = createTracker({
    send: async (events) => {
      sent.push(events);
      await harness.client.post('v3/events/track', { events });
    },
    dataLayer: () => dataLayer,
    ready: () => harness.session.ready(),
    isImpersonated: () => harness.session.getState().impersonated,
  });
  return { tracker, dataLayer, sent };
}

describe('the tracking and tag gate', () => {
  it('sends events and pushes tags for a normal session', async () => {
    const harness = createHarness({ loggedInFlag: true });
    const { tracker, dataLayer, sent } = trackerFor(harness);
    await tracker.trackEvent('materialView', { id: 1 });
    await tracker.pushTag({ event: 'page_view' });
    expect(sent).toEqual([[{ name: 'materialView', id: 1 }]]);
    expect(dataLayer).toEqual([{ event: 'page_view' }]);
    expect(requests).toContain('POST v3/events/track');
  });

  it('an impersonated session sends no tracking and pushes no tags, even when asked before the user loaded', async () => {
    server.use(http.get(`${API}/v1/user`, () => HttpResponse.json({ ...USER, loggedInAsAnotherUser: true })));
    const harness = createHarness({ loggedInFlag: true });
    const { tracker, dataLayer, sent } = trackerFor(harness);
    harness.session.start();
    await Promise.all([tracker.trackEvent('materialView', { id: 1 }), tracker.pushTag({ event: 'page_view' })]);
    expect(harness.session.getState().impersonated).toBe(true);
    expect(sent).toEqual([]);
    expect(dataLayer).toEqual([]);
    expect(requests).not.toContain('POST v3/events/track');
  });

  it('a failing sender never breaks the page', async () => {
    const tracker = createTracker({
      send: () => Promise.reject(new Error('offline')),
      dataLayer: () => [],
      ready: () => Promise.reject(new Error('x')),
      isImpersonated: () => false,
    });
    await expect(tracker.trackEvent('x')).resolves.toBeUndefined();
  });
});
