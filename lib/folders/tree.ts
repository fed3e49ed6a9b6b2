/**
 * The rules of a folder tree, on the rows alone (unit-tested in tree.test.ts): which folders lie
 * under a folder, whether a move would make a folder its own ancestor, and the tree a page draws.
 */
export interface FolderNode {
  id: number;
  parent_id: number | null;
}

/** The folder and every folder under it, in no particular order. */
export function subtreeIds(folders: readonly FolderNode[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const folder of folders) {
    if (folder.parent_id === null) continue;
    const list = children.get(folder.parent_id) ?? [];
    list.push(folder.id);
    children.set(folder.parent_id, list);
  }
  const found = new Set<number>([rootId]);
  const queue = [rootId];
  while (queue.length) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      queue.push(child);
    }
  }
  return found;
}

/** Whether putting `folderId` under `newParentId` (null: the top) would make it its own ancestor. */
export function wouldMakeCycle(folders: readonly FolderNode[], folderId: number, newParentId: number | null): boolean {
  if (newParentId === null) return false;
  return subtreeIds(folders, folderId).has(newParentId);
}

/** The folders from the top down to `folderId` (its path), or [] when it is not among them. */
export function pathTo<T extends FolderNode>(folders: readonly T[], folderId: number): T[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path: T[] = [];
  const seen = new Set<number>();
  for (
    let current = byId.get(folderId);
    current && !seen.has(current.id);
    current = byId.get(current.parent_id ?? -1)
  ) {
    seen.add(current.id);
    path.unshift(current);
  }
  return path;
}

export type TreeNode<T extends FolderNode> = T & { children: TreeNode<T>[] };

/**
 * The rows as a tree, siblings in the order given. A folder whose parent is not among the rows
 * (an archived folder under a shown one, a page of the list) is drawn at the top.
 */
export function buildTree<T extends FolderNode>(folders: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>(folders.map((folder) => [folder.id, { ...folder, children: [] }]));
  const roots: TreeNode<T>[] = [];
  for (const folder of folders) {
    const node = nodes.get(folder.id)!;
    const parent = folder.parent_id === null ? undefined : nodes.get(folder.parent_id);
    if (parent && !wouldMakeCycle(folders, folder.id, folder.parent_id)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
