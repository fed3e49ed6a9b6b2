'use client';

import { HTTPError } from 'ky';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { CabinetTexts } from '@/components/cabinet/texts';
import { apiErrorOf, fieldErrorsFromAnswer } from '@/components/cabinet/use-settings-form';
import { getApiClient } from '@/lib/browser-session/browser';
import type { PostImageAnswer } from '@/lib/selling/post-images';
import {
  POST_BODY_MAX,
  POST_IMAGE_ALT_MAX,
  POST_TITLE_MAX,
  imageLine,
  postHtmlToText,
  postTextToHtml,
} from '@/lib/selling/post-text';
import type { SellerPost } from '@/lib/selling/posts';
import { fill } from '@/lib/text/fill';
import own from './author-pages.module.css';
import styles from './selling.module.css';

export type PostTexts = CabinetTexts['posts'];

type Patch = { title?: string; body?: string };
type SaveState = 'idle' | 'saving' | 'saved' | 'invalid' | 'unsaved';

const without = (errors: Record<string, string>, field: string) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));

const pendingKey = (id: number) => `kreide-post-draft-${id}`;

function readPending(id: number): Patch {
  try {
    const kept = JSON.parse(window.localStorage.getItem(pendingKey(id)) ?? '{}') as Patch;
    return {
      ...(typeof kept.title === 'string' ? { title: kept.title } : {}),
      ...(typeof kept.body === 'string' ? { body: kept.body } : {}),
    };
  } catch {
    return {};
  }
}

function writePending(id: number, patch: Patch): void {
  try {
    if (Object.keys(patch).length === 0) window.localStorage.removeItem(pendingKey(id));
    else window.localStorage.setItem(pendingKey(id), JSON.stringify(patch));
  } catch {
    // Storage full or blocked: the save itself still runs.
  }
}

/** "New post": starts a draft on the server and opens its editor. */
export function NewPostButton({ basePath, texts }: { basePath: string; texts: PostTexts }) {
  const router = useRouter();
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  async function create() {
    setState('working');
    try {
      const post = await getApiClient().post<SellerPost>('v3/seller/posts', {});
      router.push(`${basePath}/${post.id}`);
    } catch {
      setState('failed');
    }
  }
  return (
    <p>
      <button
        type="button"
        className={styles.primary}
        disabled={state === 'working'}
        onClick={() => void create()}
        data-testid="new-post"
      >
        {state === 'working' ? texts.creating : texts.new}
      </button>{' '}
      {state === 'failed' ? (
        <span role="alert" className={styles.error}>
          {texts.actionFailed}
        </span>
      ) : null}
    </p>
  );
}

interface EditorProps {
  initial: SellerPost;
  texts: PostTexts;
  locale: string;
  /** The list of the author's posts, where a deleted post's editor goes. */
  listPath: string;
}

/**
 * The editor of one post. Title and text are saved shortly after each change and kept in this
 * browser until the server has them, so a reload, a closed tab or a lost connection loses
 * nothing (as in the upload steps). The text uses the description conventions (an empty line
 * starts a paragraph, "- " starts a list item) plus one line per uploaded image; the preview
 * shows the HTML the server will store.
 */
export function PostEditor({ initial, texts, locale, listPath }: EditorProps) {
  const router = useRouter();
  const postId = initial.id;
  const [post, setPost] = useState<SellerPost>(initial);
  const [title, setTitle] = useState(initial.title);
  const [bodyText, setBodyText] = useState(() => postHtmlToText(initial.body));
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'image' | 'publish' | 'unpublish' | 'delete'>(null);
  const [alt, setAlt] = useState('');
  const pending = useRef<Patch>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const bodyRef = useRef(bodyText);
  const textarea = useRef<HTMLTextAreaElement>(null);

  /** Sends what is waiting; resolves true when nothing is left unsaved. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    const patch = pending.current;
    if (Object.keys(patch).length === 0) return true;
    if (patch.body !== undefined && patch.body.length > POST_BODY_MAX) return false;
    pending.current = {};
    setSaveState('saving');
    try {
      const answer = await getApiClient().patch<SellerPost>(`v3/seller/posts/${postId}`, patch);
      writePending(postId, pending.current);
      setPost(answer);
      setFieldErrors({});
      setMessage(null);
      const left = Object.keys(pending.current).length > 0;
      setSaveState(left ? 'unsaved' : 'saved');
      return !left;
    } catch (error) {
      const body = await apiErrorOf(error);
      pending.current = { ...patch, ...pending.current };
      writePending(postId, pending.current);
      if (body && (body.code === 'validation_failed' || body.code === 'bad_request')) {
        // Refused: nothing was stored, the fields keep what was typed and say why.
        setFieldErrors(fieldErrorsFromAnswer(body.details));
        setSaveState('invalid');
      } else {
        setSaveState('unsaved');
        setMessage(texts.offline);
      }
      return false;
    }
  }, [postId, texts.offline]);

  const queue = useCallback(
    (patch: Patch) => {
      pending.current = { ...pending.current, ...patch };
      writePending(postId, pending.current);
      setSaveState('unsaved');
      if (timer.current) clearTimeout(timer.current);
      if (patch.body !== undefined && patch.body.length > POST_BODY_MAX) {
        // Kept in this browser, not sent: the server would refuse it.
        setFieldErrors((current) => ({ ...current, body: 'tooLong' }));
        return;
      }
      timer.current = setTimeout(() => void flush(), 600);
    },
    [flush, postId],
  );

  // What this browser kept from an earlier visit (closed tab, lost connection) is sent again.
  useEffect(() => {
    const kept = readPending(postId);
    if (Object.keys(kept).length === 0) return;
    // Local storage is only readable after hydration: the first render matches the server's.
    /* eslint-disable react-hooks/set-state-in-effect */
    if (kept.title !== undefined) setTitle(kept.title);
    if (kept.body !== undefined) {
      bodyRef.current = postHtmlToText(kept.body);
      setBodyText(bodyRef.current);
    }
    /* eslint-enable react-hooks/set-state-in-effect */
    pending.current = { ...kept, ...pending.current };
    void flush();
    // Once per post: `flush` changes identity with every save, and running again would resend what was kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postId]);

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (Object.keys(pending.current).length) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [flush]);

  function changeTitle(value: string) {
    setTitle(value);
    setFieldErrors((current) => without(current, 'title'));
    queue({ title: value });
  }

  function changeBody(text: string) {
    bodyRef.current = text;
    setBodyText(text);
    setFieldErrors((current) => without(current, 'body'));
    queue({ body: postTextToHtml(text) });
  }

  async function insertImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy('image');
    setMessage(null);
    const form = new FormData();
    form.append('file', file);
    try {
      const image = await getApiClient().post<PostImageAnswer>('v3/seller/posts/images', form);
      // The image goes in as its own line where the cursor is (at the end when there is none).
      const text = bodyRef.current;
      const at = textarea.current?.selectionEnd ?? text.length;
      const before = text.slice(0, at).replace(/\s+$/, '');
      const after = text.slice(at).replace(/^\s+/, '');
      changeBody(`${before ? `${before}\n\n` : ''}${imageLine(image.url, alt)}\n\n${after}`);
      setAlt('');
    } catch (error) {
      const status = error instanceof HTTPError ? error.response.status : 0;
      setMessage(
        status === 413
          ? texts.image.tooLarge
          : status === 415
            ? texts.image.format
            : status === 422
              ? texts.image.invalid
              : ((await apiErrorOf(error))?.message ?? texts.actionFailed),
      );
    } finally {
      setBusy(null);
    }
  }

  async function act(action: 'publish' | 'unpublish') {
    setBusy(action);
    setMessage(null);
    try {
      if (!(await flush())) return;
      setPost(await getApiClient().post<SellerPost>(`v3/seller/posts/${postId}/${action}`));
    } catch (error) {
      const body = await apiErrorOf(error);
      const problems = fieldErrorsFromAnswer(body?.details);
      if (body?.code === 'validation_failed' && Object.keys(problems).length) {
        setFieldErrors(problems);
        setMessage(texts.publishProblems);
      } else setMessage(body?.message ?? texts.actionFailed);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!window.confirm(texts.confirmDelete)) return;
    setBusy('delete');
    setMessage(null);
    if (timer.current) clearTimeout(timer.current);
    try {
      await getApiClient().delete(`v3/seller/posts/${postId}`);
      pending.current = {};
      writePending(postId, {});
      router.push(listPath);
    } catch (error) {
      setMessage((await apiErrorOf(error))?.message ?? texts.actionFailed);
      setBusy(null);
    }
  }

  const errorFor = (field: 'title' | 'body') => {
    const code = fieldErrors[field];
    if (!code) return null;
    if (code === 'required') return field === 'title' ? texts.problems.titleRequired : texts.problems.bodyRequired;
    if (code === 'tooLong')
      return field === 'title'
        ? fill(texts.problems.titleTooLong, { max: POST_TITLE_MAX })
        : fill(texts.problems.bodyTooLong, { max: POST_BODY_MAX });
    return texts.problems.invalid;
  };
  const titleError = errorFor('title');
  const bodyError = errorFor('body');
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
  const statusText = {
    idle: '',
    saving: texts.saving,
    saved: texts.saved,
    invalid: texts.saveFailed,
    unsaved: texts.unsaved,
  }[saveState];

  return (
    <div className={own.editor} data-testid="post-editor" data-post-id={postId} data-status={post.status}>
      <p data-testid="post-status">
        {post.status === 'published' && post.publishedAt
          ? fill(texts.publishedOn, { date: date(post.publishedAt) })
          : texts.draftNote}
        {post.publicPath ? (
          <>
            {' '}
            <a href={post.publicPath} data-testid="post-public-link">
              {texts.viewPublic}
            </a>
          </>
        ) : null}
      </p>
      <p role="status" aria-live="polite" className={own.saveState} data-testid="save-state" data-state={saveState}>
        {statusText}
      </p>
      {message ? (
        <p role="alert" className={styles.error} data-testid="post-message">
          {message}
        </p>
      ) : null}

      <div className={styles.field}>
        <label htmlFor="post-title">{texts.title}</label>
        <input
          id="post-title"
          name="title"
          value={title}
          maxLength={POST_TITLE_MAX}
          aria-invalid={titleError ? true : undefined}
          aria-describedby="post-title-hint"
          onChange={(event) => changeTitle(event.target.value)}
        />
        <p id="post-title-hint" className={titleError ? own.error : styles.muted}>
          {titleError ?? fill(texts.titleHint, { max: POST_TITLE_MAX })}
        </p>
      </div>

      <div className={styles.field}>
        <label htmlFor="post-body">{texts.body}</label>
        <textarea
          ref={textarea}
          id="post-body"
          name="body"
          className={own.textarea}
          rows={18}
          value={bodyText}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby="post-body-hint"
          onChange={(event) => changeBody(event.target.value)}
        />
        <p id="post-body-hint" className={bodyError ? own.error : styles.muted}>
          {bodyError ?? texts.bodyHint}
        </p>
      </div>

      <fieldset className={styles.choices}>
        <legend>{texts.image.legend}</legend>
        <div className={styles.field}>
          <label htmlFor="post-image-alt">{texts.image.alt}</label>
          <input
            id="post-image-alt"
            value={alt}
            maxLength={POST_IMAGE_ALT_MAX}
            aria-describedby="post-image-hint"
            onChange={(event) => setAlt(event.target.value)}
          />
        </div>
        <p id="post-image-hint" className={styles.muted}>
          {texts.image.hint}
        </p>
        <label className={own.fileButton}>
          {busy === 'image' ? texts.image.uploading : texts.image.insert}
          <input
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp,image/gif"
            disabled={busy !== null}
            data-testid="post-image"
            onChange={(event) => void insertImage(event)}
          />
        </label>
      </fieldset>

      <div className={own.actions}>
        {post.status === 'draft' ? (
          <button
            type="button"
            className={styles.primary}
            disabled={busy !== null}
            onClick={() => void act('publish')}
            data-testid="post-publish"
          >
            {busy === 'publish' ? texts.working : texts.publish}
          </button>
        ) : (
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => void act('unpublish')}
            data-testid="post-unpublish"
          >
            {busy === 'unpublish' ? texts.working : texts.unpublish}
          </button>
        )}
        <button
          type="button"
          className={own.danger}
          disabled={busy !== null}
          onClick={() => void remove()}
          data-testid="post-delete"
        >
          {busy === 'delete' ? texts.working : texts.delete}
        </button>
      </div>

      <section aria-labelledby="post-preview-heading">
        <h2 id="post-preview-heading">{texts.preview}</h2>
        <div
          className={own.preview}
          data-testid="post-preview"
          // postTextToHtml escapes everything typed; its only markup is paragraphs, lists, line
          // breaks and images at /media/posts/ addresses (what the server stores after sanitising).
          dangerouslySetInnerHTML={{ __html: postTextToHtml(bodyText) }}
        />
      </section>
    </div>
  );
}
