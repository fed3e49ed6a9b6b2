'use client';

import { HTTPError } from 'ky';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { z } from 'zod';
import { CheckboxField, TextField } from '@/components/cabinet/fields';
import { SaveFooter } from '@/components/cabinet/form-feedback';
import { errorText, type CabinetTexts } from '@/components/cabinet/texts';
import { isChecked, showStoredValues, textValue, useSettingsForm } from '@/components/cabinet/use-settings-form';
import styles from '@/components/cabinet/cabinet.module.css';
import type { BackgroundAnswer, UserDetails, UserImageAnswer } from '@/lib/accounts/user-details';
import { getApiClient } from '@/lib/browser-session/browser';
import { descriptionHtmlToText, descriptionTextToHtml } from '@/lib/selling/description-text';
import own from './author-pages.module.css';

/** The limits of `POST v1/user/details` (lib/accounts/user-details.ts), checked before sending. */
const SUBTITLE_MAX = 120;
const DESCRIPTION_HTML_MAX = 10_000;

/**
 * What the browser checks before sending: lengths only. Whether a social profile is a handle or
 * a link to that network is the server's decision (it stores the handle and answers it).
 */
const authorPageSchema = z.object({
  subtitle: z.string().trim().max(SUBTITLE_MAX),
  description: z.string().max(DESCRIPTION_HTML_MAX),
  facebookProfile: z.string().trim().max(300),
  instagramProfile: z.string().trim().max(300),
  pinterestProfile: z.string().trim().max(300),
  privateProfile: z.boolean(),
});

type AuthorPageInput = z.output<typeof authorPageSchema>;

export interface AuthorPageInitial {
  subtitle: string | null;
  /** Stored (sanitised) HTML. */
  description: string | null;
  facebookProfile: string | null;
  instagramProfile: string | null;
  pinterestProfile: string | null;
  privateProfile: boolean;
  imageUrl: string | null;
  backgroundUrl: string | null;
}

type Texts = Pick<CabinetTexts, 'common' | 'errors' | 'authorPage'>;

interface Props {
  initial: AuthorPageInitial;
  loginPath: string;
  texts: Texts;
}

/** The message for a refused image upload, by its status. */
function uploadFailure(error: unknown, t: Texts['authorPage']['upload']): string {
  if (!(error instanceof HTTPError)) return t.failed;
  const status = error.response.status;
  if (status === 413) return t.tooLarge;
  if (status === 415) return t.format;
  if (status === 422) return t.invalid;
  return t.failed;
}

/** A picture of the author page: its preview, an upload button and, for the background, removal. */
function ImageSetting({
  kind,
  url,
  texts,
  onChange,
}: {
  kind: 'image' | 'background';
  url: string | null;
  texts: Texts['authorPage'];
  onChange: (url: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = kind === 'image' ? texts.image : texts.background;

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.append('file', file);
    try {
      if (kind === 'image') {
        const answer = await getApiClient().post<UserImageAnswer>('v3/user-details/avatar', form);
        onChange(answer.imageUrl);
      } else {
        const answer = await getApiClient().post<BackgroundAnswer>('v3/user-details/background', form);
        onChange(answer.profile_background_url);
      }
    } catch (caught) {
      setError(uploadFailure(caught, texts.upload));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await getApiClient().post<BackgroundAnswer>('v3/user-details/remove-background');
      onChange(null);
    } catch {
      setError(texts.upload.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={own.imageBox} data-testid={`author-${kind}`}>
      <h2>{t.heading}</h2>
      {url ? (
        <img
          src={url}
          alt={t.alt}
          className={kind === 'image' ? own.avatar : own.background}
          width={kind === 'image' ? 100 : 600}
          height={kind === 'image' ? 100 : 102}
          data-testid={`author-${kind}-preview`}
        />
      ) : (
        <p className={own.muted}>{t.none}</p>
      )}
      <p className={own.muted}>{t.hint}</p>
      <div className={own.actions}>
        <label className={own.fileButton}>
          {busy ? texts.upload.uploading : t.upload}
          <input
            type="file"
            name={kind}
            accept="image/jpeg,image/png,image/webp,image/gif"
            disabled={busy}
            onChange={(event) => void upload(event)}
          />
        </label>
        {kind === 'background' && url ? (
          <button type="button" onClick={() => void remove()} disabled={busy} data-testid="remove-background">
            {texts.background.remove}
          </button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className={own.error}>
        {error}
      </p>
    </div>
  );
}

/**
 * The author page's texts and pictures. Texts are saved together through `POST v1/user/details`
 * (the server answers the handles it stored, which the fields then show); each picture is saved
 * as soon as it is chosen. The description is plain text with the upload steps' conventions: an
 * empty line starts a paragraph, lines starting with "- " make a list.
 */
export function AuthorPageForm({ initial, loginPath, texts }: Props) {
  const t = texts.authorPage;
  const formRef = useRef<HTMLFormElement>(null);
  const [imageUrl, setImageUrl] = useState(initial.imageUrl);
  const [backgroundUrl, setBackgroundUrl] = useState(initial.backgroundUrl);
  const form = useSettingsForm({
    formRef,
    schema: authorPageSchema,
    send: (input: AuthorPageInput) => getApiClient().post<UserDetails>('v1/user/details', input),
    onSaved: (answer) =>
      showStoredValues(formRef.current, {
        subtitle: answer.subtitle,
        facebookProfile: answer.facebookProfile,
        instagramProfile: answer.instagramProfile,
        pinterestProfile: answer.pinterestProfile,
      }),
    explain: (error) => (error.code === 'forbidden' ? t.notSeller : null),
  });
  const error = (field: string) =>
    form.errors[field] ? errorText(form.errors[field]!, field, texts.errors, t.errors) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const description = element.elements.namedItem('description');
    void form.submit({
      subtitle: textValue(element, 'subtitle'),
      description: descriptionTextToHtml(description instanceof HTMLTextAreaElement ? description.value : ''),
      facebookProfile: textValue(element, 'facebookProfile'),
      instagramProfile: textValue(element, 'instagramProfile'),
      pinterestProfile: textValue(element, 'pinterestProfile'),
      privateProfile: isChecked(element, 'privateProfile'),
    });
  }

  const descriptionError = error('description');
  return (
    <>
      <div className={own.images}>
        <ImageSetting kind="image" url={imageUrl} texts={t} onChange={setImageUrl} />
        <ImageSetting kind="background" url={backgroundUrl} texts={t} onChange={setBackgroundUrl} />
      </div>
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate data-testid="author-page-form">
        <TextField
          id="author-subtitle"
          name="subtitle"
          label={t.subtitle}
          hint={t.subtitleHint}
          defaultValue={initial.subtitle ?? ''}
          maxLength={SUBTITLE_MAX}
          optional={texts.common.optional}
          error={error('subtitle')}
        />
        <div className={styles.field}>
          <label htmlFor="author-description">
            {t.description}
            <span className={styles.muted}> ({texts.common.optional})</span>
          </label>
          <p id="author-description-hint" className={styles.hint}>
            {t.descriptionHint}
          </p>
          <textarea
            id="author-description"
            name="description"
            className={own.textarea}
            rows={10}
            defaultValue={descriptionHtmlToText(initial.description ?? '')}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={
              descriptionError ? 'author-description-hint author-description-error' : 'author-description-hint'
            }
          />
          {descriptionError ? (
            <p id="author-description-error" className={styles.fieldError}>
              {descriptionError}
            </p>
          ) : null}
        </div>
        <fieldset className={styles.fieldset}>
          <legend>{t.social.legend}</legend>
          <p className={styles.hint}>{t.social.hint}</p>
          <TextField
            id="author-facebookProfile"
            name="facebookProfile"
            label={t.social.facebook}
            defaultValue={initial.facebookProfile ?? ''}
            placeholder="https://www.facebook.com/…"
            maxLength={300}
            optional={texts.common.optional}
            autoCapitalize="none"
            spellCheck={false}
            error={error('facebookProfile')}
          />
          <TextField
            id="author-instagramProfile"
            name="instagramProfile"
            label={t.social.instagram}
            defaultValue={initial.instagramProfile ?? ''}
            placeholder="https://www.instagram.com/…"
            maxLength={300}
            optional={texts.common.optional}
            autoCapitalize="none"
            spellCheck={false}
            error={error('instagramProfile')}
          />
          <TextField
            id="author-pinterestProfile"
            name="pinterestProfile"
            label={t.social.pinterest}
            defaultValue={initial.pinterestProfile ?? ''}
            placeholder="https://www.pinterest.com/…"
            maxLength={300}
            optional={texts.common.optional}
            autoCapitalize="none"
            spellCheck={false}
            error={error('pinterestProfile')}
          />
        </fieldset>
        <CheckboxField
          id="author-privateProfile"
          name="privateProfile"
          label={t.privateProfile}
          hint={t.privateProfileHint}
          defaultChecked={initial.privateProfile}
        />
        <SaveFooter form={form} texts={texts.common} loginPath={loginPath} />
      </form>
    </>
  );
}
