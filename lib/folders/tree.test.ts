import { buildTree, pathTo, subtreeIds, wouldMakeCycle } from './tree';

// Klasse 7b › Bruchrechnung › Übungen, and Klasse 8 beside it.
const FOLDERS = [
  { id: 1, parent_id: null, title: 'Klasse 7b' },
  { id: 2, parent_id: 1, title: 'Bruchrechnung' },
  { id: 3, parent_id: 2, title: 'Übungen' },
  { id: 4, parent_id: null, title: 'Klasse 8' },
];

describe('folder trees', () => {
  it('finds a folder and everything under it', () => {
    expect([...subtreeIds(FOLDERS, 1)].sort()).toEqual([1, 2, 3]);
    expect([...subtreeIds(FOLDERS, 3)]).toEqual([3]);
    expect([...subtreeIds(FOLDERS, 99)]).toEqual([99]);
  });

  it('refuses a move under the folder itself or anything under it, and allows every other', () => {
    expect(wouldMakeCycle(FOLDERS, 1, 1)).toBe(true);
    expect(wouldMakeCycle(FOLDERS, 1, 3)).toBe(true);
    expect(wouldMakeCycle(FOLDERS, 2, 3)).toBe(true);
    expect(wouldMakeCycle(FOLDERS, 3, 1)).toBe(false);
    expect(wouldMakeCycle(FOLDERS, 1, 4)).toBe(false);
    expect(wouldMakeCycle(FOLDERS, 2, null)).toBe(false);
  });

  it('gives the path from the top, and nothing for an unknown folder', () => {
    expect(pathTo(FOLDERS, 3).map((f) => f.title)).toEqual(['Klasse 7b', 'Bruchrechnung', 'Übungen']);
    expect(pathTo(FOLDERS, 42)).toEqual([]);
  });

  it('builds the tree, drawing a folder whose parent is not shown at the top', () => {
    const tree = buildTree(FOLDERS.filter((f) => f.id !== 2));
    expect(tree.map((node) => node.title)).toEqual(['Klasse 7b', 'Übungen', 'Klasse 8']);
    const full = buildTree(FOLDERS);
    expect(full[0]!.children[0]!.children[0]!.title).toBe('Übungen');
    expect(full[1]!.children).toEqual([]);
  });

  it('never loops on rows that point at each other', () => {
    const looped = [
      { id: 1, parent_id: 2 },
      { id: 2, parent_id: 1 },
    ];
    expect(pathTo(looped, 1).length).toBeLessThanOrEqual(2);
    expect(buildTree(looped).length).toBeGreaterThan(0);
  });
});
