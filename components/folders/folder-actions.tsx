'use client';

import { useRouter } from 'next/navigation';
import { createContext, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { apiErrorOf } from '@/components/cabinet/use-settings-form';
import { getApiClient } from '@/lib/browser-session/browser';
import { FOLDER_NOTICE_MS, type FolderType } from '@/lib/folders/limits';
import { fill } from '@/lib/text/fill';
import styles from './folders.module.css';

/**
 * The folder page's controls. Each sends one folder call and then renders the page again from
 * the server (`router.refresh()`), so the tree and counts shown are always the stored ones; what
 * it came to is said in the page's one live region, which clears after 8 s (SPEC §4, §9).
 */
const NOTICE_EVENT = 'kreide:folder-notice';

type Notice = { text: string; failed: boolean };

function announce(notice: Notice) {
  window.dispatchEvent(new CustomEvent<Notice>(NOTICE_EVENT, { detail: notice }));
}

/** The live region every control writes into. */
export function FolderNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (event: Event) => {
      const { detail } = event as CustomEvent<Notice>;
      setNotice(detail);
      clearTimeout(timer);
      timer = setTimeout(() => setNotice(null), FOLDER_NOTICE_MS);
    };
    window.addEventListener(NOTICE_EVENT, show);
    return () => {
      window.removeEventListener(NOTICE_EVENT, show);
      clearTimeout(timer);
    };
  }, []);
  return (
    <p
      role="status"
      className={notice?.failed ? styles.noticeFailed : styles.notice}
      data-testid="folder-notice"
      data-failed={notice?.failed ? '' : undefined}
    >
      {notice?.text}
    </p>
  );
}

/** Runs a call; on success says `done(answer)` and renders the page again, on failure says why. */
function useFolderCall(failedText: string) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function run<T>(path: string, body: unknown, done: (answer: T) => string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    try {
      const answer = await getApiClient().post<T>(path, body);
      announce({ text: done(answer), failed: false });
      router.refresh();
      return true;
    } catch (error) {
      const refusal = await apiErrorOf(error);
      announce({ text: refusal?.message ?? failedText, failed: true });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

export interface FolderOption {
  id: number;
  /** The folder's path from the top ("Klasse 7b › Bruchrechnung"). */
  label: string;
}

interface FolderJson {
  id: number;
  title: string;
}

export interface CreateFolderTexts {
  title: string;
  name: string;
  parent: string;
  top: string;
  submit: string;
  created: string;
  failed: string;
}

/** The form that makes a folder of the page's kind, at the top or inside an active folder. */
export function CreateFolderForm({
  folderType,
  parents,
  preselected,
  texts,
}: {
  folderType: FolderType;
  parents: FolderOption[];
  preselected: number | null;
  texts: CreateFolderTexts;
}) {
  const id = useId();
  const { busy, run } = useFolderCall(texts.failed);
  const [title, setTitle] = useState('');
  const [parent, setParent] = useState(preselected === null ? '' : String(preselected));
  async function submit(event: FormEvent) {
    event.preventDefault();
    const made = await run<{ folder: FolderJson }>(
      'v3/folders/public/create',
      { title, folder_type: folderType, parent_id: parent ? Number(parent) : null },
      (answer) => fill(texts.created, { title: answer.folder.title }),
    );
    if (made) setTitle('');
  }
  return (
    <form onSubmit={submit} className={styles.form} data-testid="folder-create">
      <h3>{texts.title}</h3>
      <label htmlFor={`${id}-title`}>{texts.name}</label>
      <input
        id={`${id}-title`}
        name="title"
        required
        maxLength={100}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <label htmlFor={`${id}-parent`}>{texts.parent}</label>
      <select id={`${id}-parent`} name="parent_id" value={parent} onChange={(event) => setParent(event.target.value)}>
        <option value="">{texts.top}</option>
        {parents.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy}>
        {texts.submit}
      </button>
    </form>
  );
}

export interface FolderToolbarTexts {
  renameLabel: string;
  renameSubmit: string;
  moveLabel: string;
  moveSubmit: string;
  top: string;
  archive: string;
  restore: string;
  delete: string;
  deleteConfirm: string;
  renamed: string;
  moved: string;
  archived: string;
  restored: string;
  deleted: string;
  failed: string;
}

/**
 * What can be done with one folder: rename, move (to the top or into a folder not under it:
 * the server refuses the rest too), archive or restore, delete after a confirmation. `leavePath`
 * is where the page goes once the folder is gone.
 */
export function FolderToolbar({
  folder,
  moveTargets,
  archived,
  leavePath,
  texts,
}: {
  folder: { id: number; title: string; parentId: number | null };
  moveTargets: FolderOption[];
  archived: boolean;
  leavePath: string;
  texts: FolderToolbarTexts;
}) {
  const id = useId();
  const router = useRouter();
  const { busy, run } = useFolderCall(texts.failed);
  const [title, setTitle] = useState(folder.title);
  const [target, setTarget] = useState(folder.parentId === null ? '' : String(folder.parentId));
  const filter = { filter: { ids: [folder.id] } };
  return (
    <div className={styles.toolbar} data-testid="folder-toolbar">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run('v3/folders/public/update-by-query', { ...filter, update: { title } }, () =>
            fill(texts.renamed, { title: title.trim() }),
          );
        }}
      >
        <label htmlFor={`${id}-rename`}>{texts.renameLabel}</label>{' '}
        <input
          id={`${id}-rename`}
          required
          maxLength={100}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />{' '}
        <button type="submit" disabled={busy}>
          {texts.renameSubmit}
        </button>
      </form>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            'v3/folders/public/update-by-query',
            { ...filter, update: { parent_id: target ? Number(target) : null } },
            () => texts.moved,
          );
        }}
      >
        <label htmlFor={`${id}-move`}>{texts.moveLabel}</label>{' '}
        <select id={`${id}-move`} value={target} onChange={(event) => setTarget(event.target.value)}>
          <option value="">{texts.top}</option>
          {moveTargets.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>{' '}
        <button type="submit" disabled={busy}>
          {texts.moveSubmit}
        </button>
      </form>
      <p>
        <button
          type="button"
          disabled={busy}
          data-testid={archived ? 'folder-restore' : 'folder-archive'}
          onClick={() =>
            void run(
              archived ? 'v3/folders/public/archive/delete-by-query' : 'v3/folders/public/archive/add-by-query',
              filter,
              () => (archived ? texts.restored : texts.archived),
            )
          }
        >
          {archived ? texts.restore : texts.archive}
        </button>{' '}
        <button
          type="button"
          disabled={busy}
          data-testid="folder-delete"
          onClick={async () => {
            if (!window.confirm(fill(texts.deleteConfirm, { title: folder.title }))) return;
            if (await run('v3/folders/public/delete-by-query', filter, () => texts.deleted)) router.push(leavePath);
          }}
        >
          {texts.delete}
        </button>
      </p>
    </div>
  );
}

export interface MaterialFoldersTexts {
  choose: string;
  save: string;
  saved: string;
  removeFromFolder: string;
  removed: string;
  failed: string;
}

/** What every material of the list shares: its kind, the folders to choose from, the texts. */
interface MaterialList {
  folderType: FolderType;
  /** The active folders of the kind; when there are none, a material has no folder picker. */
  folders: FolderOption[];
  /** The folder shown, when one is: a material can be taken out of it. */
  folderId: number | null;
  texts: MaterialFoldersTexts;
}

const MaterialListContext = createContext<MaterialList | null>(null);

/**
 * The list of a kind's or folder's materials: the folders and texts go to the browser once for
 * the whole list, not once per material (fifty materials of an account with fifty folders would
 * otherwise carry 2,500 folder names).
 */
export function FolderMaterialList({ children, ...list }: MaterialList & { children: ReactNode }) {
  return (
    <MaterialListContext.Provider value={list}>
      <ul className={styles.materials} data-testid="folder-materials">
        {children}
      </ul>
    </MaterialListContext.Provider>
  );
}

function useMaterialList(): MaterialList {
  const list = useContext(MaterialListContext);
  if (!list) throw new Error('A material of a folder list outside FolderMaterialList');
  return list;
}

/**
 * One material's folder control: in a folder, taking it out; else the folders of the kind that
 * hold it, as checkboxes saved together (sync), drawn only once the picker is opened.
 */
export function MaterialFolders({
  materialId,
  title,
  placedIn,
}: {
  materialId: number;
  title: string;
  placedIn: number[];
}) {
  const { folderType, folders, folderId, texts } = useMaterialList();
  if (folderId !== null)
    return (
      <RemoveFromFolder
        materialId={materialId}
        title={title}
        folderType={folderType}
        folderId={folderId}
        placedIn={placedIn}
        texts={texts}
      />
    );
  if (folders.length === 0) return null;
  return <FolderPicker key={placedIn.join(',')} materialId={materialId} title={title} placedIn={placedIn} />;
}

function FolderPicker({ materialId, title, placedIn }: { materialId: number; title: string; placedIn: number[] }) {
  const { folderType, folders, texts } = useMaterialList();
  const { busy, run } = useFolderCall(texts.failed);
  const [chosen, setChosen] = useState<number[]>(placedIn);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDetailsElement>(null);
  return (
    <details
      className={styles.picker}
      ref={box}
      data-testid="material-folders"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        {texts.choose} ({placedIn.length})
      </summary>
      {open ? (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const saved = await run(
              `v3/folders/materials/${materialId}/sync`,
              { folder_type: folderType, folder_ids: chosen },
              () => fill(texts.saved, { title }),
            );
            if (saved && box.current) box.current.open = false;
          }}
        >
          <ul>
            {folders.map((folder) => (
              <li key={folder.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(folder.id)}
                    onChange={(event) =>
                      setChosen((current) =>
                        event.target.checked ? [...current, folder.id] : current.filter((id) => id !== folder.id),
                      )
                    }
                  />{' '}
                  {folder.label}
                </label>
              </li>
            ))}
          </ul>
          <button type="submit" disabled={busy}>
            {texts.save}
          </button>
        </form>
      ) : null}
    </details>
  );
}

/** Takes a material out of the folder shown (and leaves it in any other). */
function RemoveFromFolder({
  materialId,
  title,
  folderType,
  folderId,
  placedIn,
  texts,
}: {
  materialId: number;
  title: string;
  folderType: FolderType;
  folderId: number;
  placedIn: number[];
  texts: MaterialFoldersTexts;
}) {
  const { busy, run } = useFolderCall(texts.failed);
  return (
    <button
      type="button"
      className={styles.linkButton}
      disabled={busy}
      data-testid="folder-remove-material"
      onClick={() =>
        void run(
          `v3/folders/materials/${materialId}/sync`,
          { folder_type: folderType, folder_ids: placedIn.filter((id) => id !== folderId) },
          () => fill(texts.removed, { title }),
        )
      }
    >
      {texts.removeFromFolder}
    </button>
  );
}

export interface AddSearchTexts {
  folder: string;
  submit: string;
  added: string;
  skipped: string;
  failed: string;
}

/** Puts all materials of a search (its address's parameters) into a chosen folder in one step. */
export function AddSearchForm({
  search,
  folders,
  texts,
  children,
}: {
  search: Record<string, string | string[]>;
  folders: FolderOption[];
  texts: AddSearchTexts;
  children: ReactNode;
}) {
  const id = useId();
  const { busy, run } = useFolderCall(texts.failed);
  const [folder, setFolder] = useState(folders[0] ? String(folders[0].id) : '');
  return (
    <form
      className={styles.form}
      data-testid="folder-add-search"
      onSubmit={(event) => {
        event.preventDefault();
        void run<{ added: number; skipped: number }>(
          'v3/folders/materials/add-by-query',
          { folder_ids: [Number(folder)], queryFilter: { search } },
          (answer) =>
            [
              fill(texts.added, { added: String(answer.added) }),
              answer.skipped ? fill(texts.skipped, { skipped: String(answer.skipped) }) : '',
            ]
              .filter(Boolean)
              .join(' '),
        );
      }}
    >
      {children}
      <label htmlFor={`${id}-folder`}>{texts.folder}</label>{' '}
      <select id={`${id}-folder`} value={folder} onChange={(event) => setFolder(event.target.value)} required>
        {folders.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>{' '}
      <button type="submit" disabled={busy || !folder}>
        {texts.submit}
      </button>
    </form>
  );
}
