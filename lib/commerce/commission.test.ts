import { sellerShareBasisPoints } from './commission';

describe('commission tiers', () => {
  it.each([
    [0, 5000],
    [49, 5000],
    [50, 6000],
    [199, 6000],
    [200, 7000],
    [5000, 7000],
  ])('a seller with %i active paid materials keeps %i basis points of the net price', (count, share) => {
    expect(sellerShareBasisPoints(count)).toBe(share);
  });
});
