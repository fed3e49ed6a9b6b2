import { planPublishing, type PreviewRow } from './preview-publishing';
import { shownAfterRendering } from './previews';

const row = (position: number, shown: boolean, publicPath: string | null = null): PreviewRow => ({
  id: position + 100,
  position,
  page: position === 0 ? null : position,
  storagePath: `preview-pages/7/${position}.webp`,
  publicPath,
  shown,
});

describe('planPublishing', () => {
  it('publishes shown pages, retires hidden ones, and keeps the cover from page 1 hidden with it', () => {
    const plan = planPublishing(
      [row(0, true, 'previews/7/c.webp'), row(1, false, 'previews/7/a.webp'), row(2, true), row(3, false)],
      { id: 1, name: 'cover.webp', storagePath: 'covers/7-x-card.webp' },
    );
    expect(plan.shownChanges).toEqual([{ id: 100, shown: false }]);
    expect(plan.publish.map((r) => r.position)).toEqual([2]);
    expect(plan.unpublish.map((r) => r.position)).toEqual([0, 1]);
    expect(plan.card).toEqual({ name: 'cover-page-2.webp', source: 'preview-pages/7/2.webp' });
  });

  it('makes the card from page 1 unwatermarked while page 1 is shown, and only when it changes', () => {
    const rows = [row(0, true, 'previews/7/c.webp'), row(1, true, 'previews/7/a.webp')];
    const rendered = { id: 1, name: 'cover.webp', storagePath: 'covers/7-x-card.webp' };
    expect(planPublishing(rows, rendered).card).toBeNull();
    expect(planPublishing(rows, rendered, { coverChanged: true }).card).toEqual({
      name: 'cover.webp',
      source: 'preview-pages/7/0.webp',
    });
    expect(planPublishing(rows, null).card).toEqual({ name: 'cover.webp', source: 'preview-pages/7/0.webp' });
  });

  it('leaves an uploaded cover public and untouched whatever pages are shown', () => {
    const plan = planPublishing([row(0, true, 'previews/7/c.webp'), row(1, false), row(2, true, 'previews/7/b.webp')], {
      id: 1,
      name: 'cover-image.webp',
      storagePath: 'covers/7-y-card.webp',
    });
    expect(plan).toEqual({ shownChanges: [], publish: [], unpublish: [], card: null });
  });
});

describe('shownAfterRendering', () => {
  it('shows the first five pages on a first rendering', () => {
    expect([...shownAfterRendering([], [1, 2, 3, 4, 5, 6, 7])]).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the seller’s choice for a new version, and never shows more than page 1 when it is gone', () => {
    const before = [
      { page: null, shown: true },
      { page: 1, shown: false },
      { page: 2, shown: false },
      { page: 6, shown: true },
    ];
    expect([...shownAfterRendering(before, [1, 2, 3, 4, 5, 6, 7, 8])]).toEqual([6]);
    expect([...shownAfterRendering(before, [1, 2, 3])]).toEqual([1]);
  });
});
