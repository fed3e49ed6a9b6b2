'use client';

import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { apiErrorOf, fieldErrorsFromAnswer } from '@/components/cabinet/use-settings-form';
import { getApiClient } from '@/lib/browser-session/browser';
import { formatAmountInput, parseAmountInput } from '@/lib/money/decimal-input';
import { formatPrice } from '@/lib/pricing/format-price';
import { descriptionHtmlToText, descriptionTextToHtml } from '@/lib/selling/description-text';
import type { MaterialPatch, PublishIssue } from '@/lib/selling/material-rules';
import { recommendationLines } from '@/lib/selling/price-recommendation-text';
import type { PriceRecommendation } from '@/lib/selling/price-recommender';
import type { SellerMaterial } from '@/lib/selling/seller-materials';
import type { SellerVocabulary } from '@/lib/selling/vocabulary';
import { UPLOAD_STEPS, type UploadStep } from '@/lib/selling/upload-steps';
import { formatFileSize } from '@/lib/text/file-size';
import { fill } from '@/lib/text/fill';
import type english from '@/messages/en/seller.json';
import styles from './selling.module.css';

export type UploadTexts = (typeof english)['upload'];

const STEPS = UPLOAD_STEPS;
type Step = UploadStep;

type ClassificationField =
  'subjectIds' | 'gradeIds' | 'learningYearIds' | 'materialTypeIds' | 'keywordIds' | 'lessonIds' | 'schoolTypes';

interface Props {
  initial: SellerMaterial | null;
  vocabulary: SellerVocabulary;
  schoolTypes: { value: string; title: string }[];
  texts: UploadTexts;
  locale: string;
  currency: string;
  /** The wizard's own path without a material id (`/de/konto/erster-upload`). */
  basePath: string;
  initialStep: Step;
  priceBounds: { minPaid: number; max: number };
  /** For a bundle: the seller's published materials it may hold. */
  bundleCandidates: { id: number; title: string }[];
}

type SaveState = 'idle' | 'saving' | 'saved' | 'invalid' | 'unsaved';

const pendingKey = (id: number) => `kreide-upload-draft-${id}`;

function readPending(id: number): MaterialPatch {
  try {
    return JSON.parse(window.localStorage.getItem(pendingKey(id)) ?? '{}') as MaterialPatch;
  } catch {
    return {};
  }
}

function writePending(id: number, patch: MaterialPatch): void {
  try {
    if (Object.keys(patch).length === 0) window.localStorage.removeItem(pendingKey(id));
    else window.localStorage.setItem(pendingKey(id), JSON.stringify(patch));
  } catch {
    // Storage full or blocked: the save itself still runs.
  }
}

/**
 * The upload steps (files → details → classification → price → preview → publish) of one
 * material. Every change is saved to the draft on the server shortly after it is made, and kept
 * in this browser until the server has it: a reload, a closed tab or a lost connection loses
 * nothing. A refused save keeps every value typed and marks the fields.
 */
export function UploadWizard(props: Props) {
  const { texts, locale, currency } = props;
  const [material, setMaterial] = useState<SellerMaterial | null>(props.initial);
  const [step, setStep] = useState<Step>(props.initial ? props.initialStep : 'files');
  const [title, setTitle] = useState(props.initial?.title ?? '');
  const [descriptionText, setDescriptionText] = useState(descriptionHtmlToText(props.initial?.description ?? ''));
  // A new draft's price is 0 until the seller sets one: only a published material at 0 is free.
  const [free, setFree] = useState(
    props.initial ? props.initial.priceCents === 0 && props.initial.status !== 'draft' : false,
  );
  const [priceText, setPriceText] = useState(
    props.initial && props.initial.priceCents > 0 ? formatAmountInput(props.initial.priceCents, currency, locale) : '',
  );
  const [schoolPriceText, setSchoolPriceText] = useState(
    props.initial?.schoolPriceCents ? formatAmountInput(props.initial.schoolPriceCents, currency, locale) : '',
  );
  const [classification, setClassification] = useState<Record<ClassificationField, (number | string)[]>>({
    subjectIds: props.initial?.subjectIds ?? [],
    gradeIds: props.initial?.gradeIds ?? [],
    learningYearIds: props.initial?.learningYearIds ?? [],
    materialTypeIds: props.initial?.materialTypeIds ?? [],
    keywordIds: props.initial?.keywordIds ?? [],
    lessonIds: props.initial?.lessonIds ?? [],
    schoolTypes: props.initial?.schoolTypes ?? [],
  });
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Said after a release; kept here because the release panel closes with the release itself.
  const [releaseNotice, setReleaseNotice] = useState<string | null>(null);
  const pending = useRef<MaterialPatch>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const materialId = material?.id ?? null;

  const flush = useCallback(async () => {
    if (materialId === null) return;
    const patch = pending.current;
    if (Object.keys(patch).length === 0) return;
    pending.current = {};
    setSaveState('saving');
    try {
      const answer = await getApiClient().patch<SellerMaterial>(`v3/seller/materials/${materialId}`, patch);
      writePending(materialId, pending.current);
      setMaterial(answer);
      setFieldErrors({});
      setSaveState(Object.keys(pending.current).length ? 'unsaved' : 'saved');
    } catch (error) {
      const body = await apiErrorOf(error);
      if (body && (body.code === 'validation_failed' || body.code === 'bad_request')) {
        // Refused: nothing was stored, the inputs keep what was typed; the fields say why.
        pending.current = { ...patch, ...pending.current };
        writePending(materialId, pending.current);
        setFieldErrors(fieldErrorsFromAnswer(body.details));
        setSaveState('invalid');
      } else {
        pending.current = { ...patch, ...pending.current };
        writePending(materialId, pending.current);
        setSaveState('unsaved');
        setMessage(body?.message ?? texts.errors.offline);
      }
    }
  }, [materialId, texts.errors.offline]);

  const queue = useCallback(
    (patch: MaterialPatch) => {
      if (materialId === null) return;
      pending.current = { ...pending.current, ...patch };
      writePending(materialId, pending.current);
      setSaveState('unsaved');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), 600);
    },
    [flush, materialId],
  );

  // What this browser kept from an earlier visit (closed tab, lost connection) is sent again.
  useEffect(() => {
    if (materialId === null) return;
    const kept = readPending(materialId);
    if (Object.keys(kept).length === 0) return;
    // Local storage is only readable after hydration: the first render matches the server's.
    /* eslint-disable react-hooks/set-state-in-effect */
    if (kept.title !== undefined) setTitle(kept.title);
    if (kept.description !== undefined) setDescriptionText(descriptionHtmlToText(kept.description));
    if (kept.priceCents !== undefined) {
      setFree(kept.priceCents === 0);
      if (kept.priceCents > 0) setPriceText(formatAmountInput(kept.priceCents, currency, locale));
    }
    if (kept.schoolPriceCents !== undefined)
      setSchoolPriceText(kept.schoolPriceCents ? formatAmountInput(kept.schoolPriceCents, currency, locale) : '');
    const keptLists = Object.fromEntries(
      (Object.keys(kept) as (keyof MaterialPatch)[])
        .filter((key) => Array.isArray(kept[key]))
        .map((key) => [key, kept[key] as (number | string)[]]),
    );
    if (Object.keys(keptLists).length) setClassification((current) => ({ ...current, ...keptLists }));
    /* eslint-enable react-hooks/set-state-in-effect */
    pending.current = { ...kept, ...pending.current };
    void flush();
    // Once per material: `flush` changes identity with every save, and running again would resend what was kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [materialId]);

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

  // The step is part of the address, so a reload comes back to it.
  useEffect(() => {
    if (materialId === null) return;
    const url = `${props.basePath}/${materialId}?step=${step}`;
    if (window.location.pathname + window.location.search !== url) window.history.replaceState(null, '', url);
  }, [materialId, step, props.basePath]);

  // Preview progress: asked for every second while the job runs.
  const previewStatus = material?.previews.status;
  useEffect(() => {
    if (materialId === null || (previewStatus !== 'pending' && previewStatus !== 'rendering')) return;
    const poll = setInterval(() => {
      void getApiClient()
        .get<SellerMaterial>(`v3/seller/materials/${materialId}`)
        .then(setMaterial)
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(poll);
  }, [materialId, previewStatus]);

  async function uploadFile(event: ChangeEvent<HTMLInputElement>, kind: 'file' | 'cover') {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(null);
    setReleaseNotice(null);
    setUploading(true);
    const form = new FormData();
    form.append('file', file);
    try {
      await flush();
      const answer =
        kind === 'file'
          ? await getApiClient().post<SellerMaterial>('v3/seller/materials/upload', form, {
              searchParams: { materialId: materialId ?? undefined },
            })
          : await getApiClient().post<SellerMaterial>(`v3/seller/materials/${materialId}/cover`, form);
      setMaterial(answer);
      if (materialId === null) setTitle(answer.title);
    } catch (error) {
      setMessage((await apiErrorOf(error))?.message ?? texts.errors.generic);
    } finally {
      setUploading(false);
    }
  }

  function toggle(field: ClassificationField, value: number | string, max: number) {
    const current = classification[field];
    const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value].slice(0, max);
    setClassification({ ...classification, [field]: next });
    queue({ [field]: next } as MaterialPatch);
  }

  function priceChanged(text: string, field: 'priceCents' | 'schoolPriceCents') {
    if (field === 'priceCents') setPriceText(text);
    else setSchoolPriceText(text);
    if (field === 'schoolPriceCents' && text.trim() === '') return queue({ schoolPriceCents: null });
    const cents = parseAmountInput(text, currency);
    if (cents === null) {
      setFieldErrors({ ...fieldErrors, [field]: 'invalid_amount' });
      return;
    }
    setFieldErrors(Object.fromEntries(Object.entries(fieldErrors).filter(([key]) => key !== field)));
    queue({ [field]: cents } as MaterialPatch);
  }

  const index = STEPS.indexOf(step);
  const go = async (target: Step) => {
    await flush();
    setStep(target);
    setMessage(null);
  };

  const statusText = {
    idle: '',
    saving: texts.saving,
    saved: texts.saved,
    invalid: texts.saveFailed,
    unsaved: texts.unsaved,
  }[saveState];

  const problemText = (issue: { code: string }) => (texts.problems as Record<string, string>)[issue.code] ?? issue.code;
  const errorFor = (field: string) => {
    const code = fieldErrors[field];
    if (!code) return null;
    if (code === 'invalid_amount')
      return fill(texts.price.invalid, { example: formatAmountInput(499, currency, locale) });
    return (texts.problems as Record<string, string>)[code] ?? texts.saveFailed;
  };

  return (
    <div className={styles.wizard} data-testid="upload-wizard" data-material-id={materialId ?? ''}>
      <nav aria-label={texts.stepsLabel}>
        <ol className={styles.steps}>
          {STEPS.map((name, i) => (
            <li key={name}>
              <button
                type="button"
                className={styles.stepButton}
                aria-current={name === step ? 'step' : undefined}
                disabled={materialId === null && name !== 'files'}
                onClick={() => void go(name)}
              >
                {i + 1}. {texts.steps[name]}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <p className={styles.muted}>{fill(texts.stepOf, { current: index + 1, total: STEPS.length })}</p>
      <p role="status" aria-live="polite" className={styles.saveState} data-testid="save-state" data-state={saveState}>
        {statusText}
      </p>
      {message ? (
        <p role="alert" className={styles.error} data-testid="upload-message">
          {message}
        </p>
      ) : null}

      {step === 'files' ? (
        <section className={styles.step} data-step="files">
          <h2>{texts.steps.files}</h2>
          {material?.isBundle ? (
            <BundleItems material={material} candidates={props.bundleCandidates} texts={texts} onSaved={setMaterial} />
          ) : (
            <>
              <p>{texts.files.intro}</p>
              <p className={styles.muted}>{texts.files.accepted}</p>
              {material && material.versions.length > 0 ? (
                <ul className={styles.versions} data-testid="versions">
                  {material.versions.map((v) => (
                    <li key={v.version}>
                      {fill(texts.files.version, { version: v.version })}:{' '}
                      {fill(texts.files.current, { name: v.name, size: formatFileSize(v.sizeBytes, locale) })}
                      {v.publishedAt === null && material.status !== 'draft'
                        ? ` — ${fill(texts.files.staged, { version: v.version })}`
                        : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
              <label className={styles.fileButton}>
                {uploading
                  ? texts.files.uploading
                  : material?.versions.length
                    ? texts.files.replace
                    : texts.files.choose}
                <input
                  type="file"
                  name="file"
                  data-testid="main-file"
                  disabled={uploading}
                  accept=".pdf,.docx,.pptx,.xlsx,.zip,.png,.jpg,.jpeg,.webp"
                  onChange={(event) => void uploadFile(event, 'file')}
                />
              </label>
              {material ? <PreviewProgress material={material} texts={texts} /> : null}
            </>
          )}
          {material && material.status !== 'draft' && material.versions.some((v) => v.publishedAt === null) ? (
            <ReleaseVersion
              material={material}
              texts={texts}
              onReleased={(answer, notice) => {
                setMaterial(answer);
                setReleaseNotice(notice);
              }}
            />
          ) : null}
          {/* Always in the page, so the confirmation is announced when it is written into it. */}
          <p role="status" className={styles.notice} data-testid="release-notice">
            {releaseNotice}
          </p>
          {material ? (
            <div className={styles.cover}>
              <h3>{texts.files.cover}</h3>
              {material.cover ? (
                <img src={`/media/${material.cover.path}`} alt={texts.files.coverAlt} width={160} data-testid="cover" />
              ) : null}
              <p className={styles.muted}>{texts.files.coverHint}</p>
              <label className={styles.fileButton}>
                {texts.files.coverUpload}
                <input
                  type="file"
                  name="cover"
                  disabled={uploading}
                  accept=".png,.jpg,.jpeg,.webp"
                  onChange={(event) => void uploadFile(event, 'cover')}
                />
              </label>
            </div>
          ) : null}
        </section>
      ) : null}

      {step === 'details' ? (
        <section className={styles.step} data-step="details">
          <h2>{texts.steps.details}</h2>
          <div className={styles.field}>
            <label htmlFor="material-title">{texts.details.title}</label>
            <input
              id="material-title"
              name="title"
              value={title}
              maxLength={120}
              aria-invalid={fieldErrors.title ? true : undefined}
              aria-describedby="material-title-hint"
              onChange={(event) => {
                setTitle(event.target.value);
                queue({ title: event.target.value });
              }}
            />
            <p id="material-title-hint" className={styles.muted}>
              {errorFor('title') ?? texts.details.titleHint}
            </p>
          </div>
          <div className={styles.field}>
            <label htmlFor="material-description">{texts.details.description}</label>
            <textarea
              id="material-description"
              name="description"
              rows={10}
              value={descriptionText}
              maxLength={15_000}
              aria-invalid={fieldErrors.description ? true : undefined}
              aria-describedby="material-description-hint"
              onChange={(event) => {
                setDescriptionText(event.target.value);
                queue({ description: descriptionTextToHtml(event.target.value) });
              }}
            />
            <p id="material-description-hint" className={styles.muted}>
              {errorFor('description') ?? texts.details.descriptionHint} ·{' '}
              {fill(texts.details.characters, { count: descriptionText.trim().length })}
            </p>
          </div>
        </section>
      ) : null}

      {step === 'classification' ? (
        <section className={styles.step} data-step="classification">
          <h2>{texts.steps.classification}</h2>
          <p>{texts.classification.intro}</p>
          {(
            [
              ['subjectIds', texts.classification.subjects, props.vocabulary.subjects, 5],
              ['gradeIds', texts.classification.grades, props.vocabulary.grades, 13],
              ['materialTypeIds', texts.classification.materialTypes, props.vocabulary.materialTypes, 5],
              ['learningYearIds', texts.classification.learningYears, props.vocabulary.learningYears, 13],
              [
                'schoolTypes',
                texts.classification.schoolTypes,
                props.schoolTypes.map((s) => ({ id: s.value, title: s.title })),
                9,
              ],
              ['keywordIds', texts.classification.keywords, props.vocabulary.keywords, 10],
              ['lessonIds', texts.classification.lessons, props.vocabulary.lessons, 5],
            ] as [ClassificationField, string, { id: number | string; title: string }[], number][]
          ).map(([field, label, values, max]) => (
            <fieldset
              key={field}
              className={styles.choices}
              data-field={field}
              aria-invalid={fieldErrors[field] ? true : undefined}
            >
              <legend>
                {label} <span className={styles.muted}>({fill(texts.classification.limit, { max })})</span>
              </legend>
              {errorFor(field) ? <p className={styles.error}>{errorFor(field)}</p> : null}
              {values.length === 0 ? <p className={styles.muted}>{texts.classification.none}</p> : null}
              <div className={values.length > 20 ? styles.scrollList : styles.choiceList}>
                {values.map((value) => (
                  <label key={value.id} className={styles.choice}>
                    <input
                      type="checkbox"
                      checked={classification[field].includes(value.id)}
                      onChange={() => toggle(field, value.id, max)}
                    />
                    {value.title}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </section>
      ) : null}

      {step === 'price' && material ? (
        <section className={styles.step} data-step="price">
          <h2>{texts.steps.price}</h2>
          <p>{texts.price.intro}</p>
          <label className={styles.choice}>
            <input
              type="checkbox"
              name="free"
              checked={free}
              onChange={(event) => {
                setFree(event.target.checked);
                if (event.target.checked) queue({ priceCents: 0, schoolPriceCents: null });
                else if (priceText) priceChanged(priceText, 'priceCents');
              }}
            />
            {texts.price.free}
          </label>
          {!free ? (
            <>
              <div className={styles.field}>
                <label htmlFor="material-price">
                  {texts.price.single} ({currency})
                </label>
                <input
                  id="material-price"
                  name="price"
                  inputMode="decimal"
                  value={priceText}
                  aria-invalid={fieldErrors.priceCents ? true : undefined}
                  aria-describedby="material-price-hint"
                  onChange={(event) => priceChanged(event.target.value, 'priceCents')}
                />
                <p id="material-price-hint" className={styles.muted}>
                  {errorFor('priceCents') ??
                    fill(texts.price.bounds, {
                      min: formatPrice(props.priceBounds.minPaid, currency, locale),
                      max: formatPrice(props.priceBounds.max, currency, locale),
                    })}
                </p>
              </div>
              <div className={styles.field}>
                <label htmlFor="material-school-price">
                  {texts.price.school} ({currency})
                </label>
                <input
                  id="material-school-price"
                  name="schoolPrice"
                  inputMode="decimal"
                  value={schoolPriceText}
                  aria-invalid={fieldErrors.schoolPriceCents ? true : undefined}
                  aria-describedby="material-school-price-hint"
                  onChange={(event) => priceChanged(event.target.value, 'schoolPriceCents')}
                />
                <p id="material-school-price-hint" className={styles.muted}>
                  {errorFor('schoolPriceCents') ?? texts.price.schoolHint}
                </p>
              </div>
              <Recommendation
                materialId={material.id}
                texts={texts}
                locale={locale}
                onUse={(cents) => {
                  setPriceText(formatAmountInput(cents, currency, locale));
                  queue({ priceCents: cents });
                }}
              />
            </>
          ) : null}
        </section>
      ) : null}

      {step === 'preview' && material ? (
        <PreviewChoice material={material} texts={texts} onSaved={setMaterial} />
      ) : null}

      {step === 'publish' && material ? (
        <PublishStep
          material={material}
          texts={texts}
          problemText={problemText}
          beforePublish={flush}
          onChanged={setMaterial}
        />
      ) : null}

      <div className={styles.stepNav}>
        {index > 0 ? (
          <button type="button" className={styles.secondary} onClick={() => void go(STEPS[index - 1]!)}>
            {texts.back}
          </button>
        ) : null}
        {index < STEPS.length - 1 ? (
          <button
            type="button"
            className={styles.primary}
            disabled={materialId === null}
            onClick={() => void go(STEPS[index + 1]!)}
            data-testid="next-step"
          >
            {texts.next}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function PreviewProgress({ material, texts }: { material: SellerMaterial; texts: UploadTexts }) {
  const { previews } = material;
  const t = texts.files.previews;
  let text: string;
  if (previews.status === 'pending') text = t.pending;
  else if (previews.status === 'rendering')
    text = previews.total ? fill(t.rendering, { done: previews.done, total: previews.total }) : t.renderingStart;
  else if (previews.status === 'ready')
    text = fill(t.ready, { count: previews.items.filter((p) => p.page !== null).length });
  else if (previews.status === 'failed')
    text = fill(t.failed, {
      reason: (t.reasons as Record<string, string>)[previews.error ?? ''] ?? t.reasons.pdf_broken,
    });
  else text = material.versions.length ? t.none : '';
  if (!text) return null;
  return (
    <div className={styles.progress} data-testid="preview-status" data-status={previews.status}>
      <p role="status" aria-live="polite">
        {text}
      </p>
      {previews.status === 'rendering' && previews.total ? (
        <progress max={previews.total} value={previews.done} />
      ) : null}
    </div>
  );
}

function Recommendation({
  materialId,
  texts,
  locale,
  onUse,
}: {
  materialId: number;
  texts: UploadTexts;
  locale: string;
  onUse: (cents: number) => void;
}) {
  const [answer, setAnswer] = useState<PriceRecommendation | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    getApiClient()
      .get<PriceRecommendation>(`v3/seller/materials/${materialId}/price-recommendation`)
      .then((a) => live && setAnswer(a))
      .catch(() => live && setAnswer('failed'));
    return () => {
      live = false;
    };
  }, [materialId]);
  const t = texts.price.recommend;
  if (answer === 'loading') return <p className={styles.muted}>{t.loading}</p>;
  if (answer === 'failed') return <p className={styles.muted}>{t.failed}</p>;
  const money = (cents: number) => formatPrice(cents, answer.currency, locale);
  const lines = recommendationLines(answer, t, money);
  return (
    <aside className={styles.recommendation} data-testid="price-recommendation">
      <h3>{t.title}</h3>
      {lines.range ? <p>{lines.range}</p> : null}
      {answer.suggestedCents !== null ? (
        <p>
          <strong>{lines.suggestion}</strong>{' '}
          <button
            type="button"
            className={styles.secondary}
            onClick={() => onUse(answer.suggestedCents!)}
            data-testid="use-suggestion"
          >
            {lines.use}
          </button>
        </p>
      ) : null}
      <ul>
        {lines.reasons.map((reason) => (
          <li key={reason.code}>{reason.text}</li>
        ))}
      </ul>
    </aside>
  );
}

function PreviewChoice({
  material,
  texts,
  onSaved,
}: {
  material: SellerMaterial;
  texts: UploadTexts;
  onSaved: (material: SellerMaterial) => void;
}) {
  const pages = material.previews.items.filter((item) => item.page !== null);
  const [shown, setShown] = useState<number[]>(pages.filter((p) => p.shown).map((p) => p.page!));
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const t = texts.preview;
  async function save() {
    if (shown.length === 0) return setState('error');
    setState('saving');
    try {
      onSaved(
        await getApiClient().post<SellerMaterial>(`v3/seller/materials/${material.id}/previews`, { pages: shown }),
      );
      setState('saved');
    } catch {
      setState('error');
    }
  }
  return (
    <section className={styles.step} data-step="preview">
      <h2>{texts.steps.preview}</h2>
      <p>{t.intro}</p>
      {pages.length === 0 ? <p className={styles.muted}>{t.noPages}</p> : null}
      <ul className={styles.thumbs} data-testid="preview-pages">
        {pages.map((item) => (
          <li key={item.page}>
            {}
            <img
              src={item.url}
              width={item.width}
              height={item.height}
              alt={fill(t.page, { number: item.page! })}
              loading="lazy"
            />
            <label className={styles.choice}>
              <input
                type="checkbox"
                checked={shown.includes(item.page!)}
                aria-label={fill(t.show, { number: item.page! })}
                onChange={() =>
                  setShown(shown.includes(item.page!) ? shown.filter((p) => p !== item.page) : [...shown, item.page!])
                }
              />
              {fill(t.page, { number: item.page! })}
            </label>
          </li>
        ))}
      </ul>
      {pages.length > 0 ? (
        <p>
          <button type="button" className={styles.secondary} onClick={() => void save()} data-testid="save-previews">
            {t.save}
          </button>{' '}
          <span role="status">{state === 'saved' ? t.saved : state === 'error' ? t.atLeastOne : ''}</span>
        </p>
      ) : null}
    </section>
  );
}

function PublishStep({
  material,
  texts,
  problemText,
  beforePublish,
  onChanged,
}: {
  material: SellerMaterial;
  texts: UploadTexts;
  problemText: (issue: { code: string }) => string;
  beforePublish: () => Promise<void>;
  onChanged: (material: SellerMaterial) => void;
}) {
  const [working, setWorking] = useState(false);
  // The server's answer to a refused publish; otherwise the problems the material view lists.
  const [refused, setRefused] = useState<PublishIssue[] | null>(null);
  const problems: { code: string; field: string }[] = refused ?? material.problems;
  const [notice, setNotice] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const t = texts.publish;

  async function call(action: 'publish' | 'unpublish') {
    setWorking(true);
    setNotice(null);
    setRefused(null);
    try {
      await beforePublish();
      const answer = await getApiClient().post<SellerMaterial>(`v3/seller/materials/${material.id}/${action}`);
      onChanged(answer);
      setNotice(action === 'publish' ? t.published : t.unpublished);
    } catch (error) {
      const body = await apiErrorOf(error);
      if (body?.code === 'validation_failed' && Array.isArray(body.details))
        setRefused(
          (body.details as { path: string; code?: string }[]).map((d) => ({
            code: (d.code ?? 'file_missing') as PublishIssue['code'],
            field: d.path,
          })),
        );
      else setNotice(body?.message ?? texts.errors.generic);
    } finally {
      setWorking(false);
    }
  }

  async function remove() {
    if (!window.confirm(t.deleteConfirm)) return;
    setWorking(true);
    try {
      await getApiClient().delete(`v3/seller/materials/${material.id}`);
      setDeleted(true);
      setNotice(t.deleted);
    } catch (error) {
      setNotice((await apiErrorOf(error))?.message ?? texts.errors.generic);
    } finally {
      setWorking(false);
    }
  }

  return (
    <section className={styles.step} data-step="publish">
      <h2>{texts.steps.publish}</h2>
      {material.hidden ? <p className={styles.error}>{fill(t.hidden, { reason: material.hidden.reason })}</p> : null}
      {notice ? (
        <p role="status" data-testid="publish-notice">
          {notice}
        </p>
      ) : null}
      {deleted ? null : material.status === 'published' ? (
        <>
          <p>
            <a href={material.publicPath} data-testid="material-link">
              {t.view}
            </a>
          </p>
          <button type="button" className={styles.secondary} disabled={working} onClick={() => void call('unpublish')}>
            {t.unpublish}
          </button>
        </>
      ) : (
        <>
          {problems.length ? (
            <div data-testid="publish-problems">
              <p>{t.problemsTitle}</p>
              <ul>
                {problems.map((issue) => (
                  <li key={issue.code}>{problemText(issue)}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p>{t.ready}</p>
          )}
          <button
            type="button"
            className={styles.primary}
            disabled={working}
            onClick={() => void call('publish')}
            data-testid="publish"
          >
            {working ? t.publishing : material.status === 'unpublished' ? t.republish : t.button}
          </button>
        </>
      )}
      {deleted ? null : (
        <p>
          <button type="button" className={styles.danger} disabled={working} onClick={() => void remove()}>
            {t.delete}
          </button>
        </p>
      )}
    </section>
  );
}

function ReleaseVersion({
  material,
  texts,
  onReleased,
}: {
  material: SellerMaterial;
  texts: UploadTexts;
  onReleased: (material: SellerMaterial, notice: string) => void;
}) {
  const staged = material.versions.find((v) => v.publishedAt === null)!;
  const [note, setNote] = useState('');
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const t = texts.files.release;
  async function release() {
    setState('working');
    try {
      const answer = await getApiClient().post<SellerMaterial>(`v3/seller/materials/${material.id}/versions/release`, {
        changeNote: note,
      });
      setState('idle');
      // This panel closes now (nothing is staged any more): the wizard keeps the confirmation.
      onReleased(answer, fill(t.done, { version: staged.version }));
    } catch (error) {
      setMessage((await apiErrorOf(error))?.message ?? texts.errors.generic);
      setState('failed');
    }
  }
  return (
    <div className={styles.recommendation} data-testid="release-version">
      <h3>{t.title}</h3>
      <p>{t.intro}</p>
      <div className={styles.field}>
        <label htmlFor="release-note">{t.note}</label>
        <textarea
          id="release-note"
          rows={3}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <button
        type="button"
        className={styles.primary}
        disabled={state === 'working'}
        onClick={() => void release()}
        data-testid="release"
      >
        {fill(t.button, { version: staged.version })}
      </button>
      {message ? (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

function BundleItems({
  material,
  candidates,
  texts,
  onSaved,
}: {
  material: SellerMaterial;
  candidates: { id: number; title: string }[];
  texts: UploadTexts;
  onSaved: (material: SellerMaterial) => void;
}) {
  const [chosen, setChosen] = useState<number[]>(material.bundleItemIds);
  const [message, setMessage] = useState<string | null>(null);
  const t = texts.bundle;
  async function save(next: number[]) {
    setChosen(next);
    setMessage(null);
    try {
      onSaved(
        await getApiClient().put<SellerMaterial>(`v3/seller/materials/${material.id}/bundle-items`, {
          materialIds: next,
        }),
      );
    } catch (error) {
      setMessage((await apiErrorOf(error))?.message ?? texts.errors.generic);
    }
  }
  return (
    <fieldset className={styles.choices} data-testid="bundle-items">
      <legend>{t.title}</legend>
      <p>{t.intro}</p>
      {candidates.length === 0 ? <p className={styles.muted}>{t.none}</p> : null}
      <div className={candidates.length > 20 ? styles.scrollList : styles.choiceList}>
        {candidates.map((candidate) => (
          <label key={candidate.id} className={styles.choice}>
            <input
              type="checkbox"
              checked={chosen.includes(candidate.id)}
              onChange={() =>
                void save(
                  chosen.includes(candidate.id)
                    ? chosen.filter((id) => id !== candidate.id)
                    : [...chosen, candidate.id],
                )
              }
            />
            {candidate.title}
          </label>
        ))}
      </div>
      <p className={styles.muted} role="status">
        {fill(t.count, { count: chosen.length })}
      </p>
      {message ? <p className={styles.error}>{message}</p> : null}
    </fieldset>
  );
}
