import { endpoints } from '@gama/core/endpoints';
import {
  SLIDE_MAX_SIZE,
  SLIDE_TITLE_MAX,
  SLIDES_MAX,
  type SlideRow,
} from '@gama/core/endpoints/content/console';
import { Button } from '@gama/ui/Button';
import { TextField } from '@gama/ui/Field';
import { ArrowDown, ArrowUp, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { Toggle } from '../../components/Toggle.tsx';
import { call } from '../../lib/api-client.ts';
import { toastFailure, useAfterAction } from '../../shared/use-action.ts';
import { slidesKey } from './api.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { PhonePreview, PreviewFiller, PreviewSlider } from '../../shared/phone-preview/PhonePreview.tsx';
import styles from './ContentScreen.module.css';

/** A change waiting for its confirmation: a new slide, a new image for one, or a removal. */
type Pending =
  | { kind: 'add'; image: string; title: string; title_hi: string }
  | { kind: 'replace'; slide: SlideRow; image: string }
  | { kind: 'remove'; slide: SlideRow };

/**
 * The home slider in the order players see it: add (the server resizes and stores the image), retitle,
 * replace an image, switch off and on, move and remove. Images and removals are confirmed with the picture;
 * a move, a switch or a title is saved at once and said in a toast.
 */
export function SliderTab({ slides }: { slides: readonly SlideRow[] }) {
  const after = useAfterAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [newTitleHi, setNewTitleHi] = useState('');
  const [moving, setMoving] = useState(false);

  /**
   * Moves one slide a place, in the order the server holds now: another operator may have added or removed a
   * slide since this list was loaded, and the order call takes every slide id.
   */
  const move = (slide: SlideRow, by: -1 | 1) => {
    setMoving(true);
    after(
      async () => {
        const ids = (await call(endpoints.contentSlides, {})).slides.map((s) => s.id);
        const from = ids.indexOf(slide.id);
        const to = from + by;
        if (from >= 0 && to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to] ?? slide.id, slide.id];
        return call(endpoints.contentSlideOrder, { ids });
      },
      { success: 'Slider order saved', refresh: [slidesKey] },
    )
      .catch(toastFailure)
      .finally(() => setMoving(false));
  };

  const confirm = (): Promise<unknown> => {
    if (pending?.kind === 'add')
      return after(
        () =>
          call(endpoints.contentSlideAdd, {
            title: pending.title,
            title_hi: pending.title_hi,
            image: pending.image,
          }),
        {
          success: 'Slide added',
          refresh: [slidesKey],
        },
      ).then(() => setNewTitle(''));
    if (pending?.kind === 'replace')
      return after(() => call(endpoints.contentSlideUpdate, { id: pending.slide.id, image: pending.image }), {
        success: 'Slide image replaced',
        refresh: [slidesKey],
      });
    if (pending?.kind === 'remove')
      return after(() => call(endpoints.contentSlideDelete, { id: pending.slide.id }), {
        success: 'Slide removed',
        refresh: [slidesKey],
      });
    return Promise.resolve();
  };

  return (
    <div className={styles.split}>
      <div className={styles.formColumn}>
        <Panel title={`Slides (${slides.length} of ${SLIDES_MAX})`}>
          {slides.length === 0 && (
            <p className={styles.hint}>No slides: the home screen starts with the markets.</p>
          )}
          <ol className={styles.slides}>
            {slides.map((slide, index) => (
              <SlideItem
                key={slide.id}
                slide={slide}
                position={index + 1}
                busy={moving}
                onUp={index > 0 ? () => move(slide, -1) : undefined}
                onDown={index < slides.length - 1 ? () => move(slide, 1) : undefined}
                onReplace={(image) => setPending({ kind: 'replace', slide, image })}
                onRemove={() => setPending({ kind: 'remove', slide })}
              />
            ))}
          </ol>
        </Panel>
        <Panel title="Add a slide">
          <p className={styles.hint}>
            PNG, JPEG or WebP up to 5 MB; stored fitted in {SLIDE_MAX_SIZE.width}x{SLIDE_MAX_SIZE.height}. The
            app shows slides at 20:9, cropped to fill.
          </p>
          <TextField
            label="Title (read out to screen readers)"
            name="new-slide-title"
            maxLength={SLIDE_TITLE_MAX}
            value={newTitle}
            onValueChange={setNewTitle}
          />
          <TextField
            label="Title in Hindi (optional; players reading Hindi see it)"
            name="new-slide-title-hi"
            lang="hi"
            maxLength={SLIDE_TITLE_MAX}
            value={newTitleHi}
            onValueChange={setNewTitleHi}
          />
          <ImagePicker
            label="Choose an image and add it"
            disabled={slides.length >= SLIDES_MAX}
            onImage={(image) =>
              setPending({ kind: 'add', image, title: newTitle.trim(), title_hi: newTitleHi.trim() })
            }
          />
        </Panel>
      </div>
      <div className={styles.previewColumn}>
        <PhonePreview label="Home slider">
          <PreviewSlider slides={slides.filter((slide) => slide.active)} />
          <PreviewFiller rows={3} />
        </PhonePreview>
      </div>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={
          pending?.kind === 'add'
            ? 'Add this slide'
            : pending?.kind === 'replace'
              ? 'Replace the image'
              : 'Remove the slide'
        }
        confirmLabel={pending?.kind === 'add' ? 'Add' : pending?.kind === 'replace' ? 'Replace' : 'Remove'}
        busyText={pending?.kind === 'remove' ? 'Removing' : 'Uploading'}
        tone={pending?.kind === 'remove' ? 'danger' : 'primary'}
        onConfirm={confirm}
      >
        {pending && (
          <>
            <p>
              {pending.kind === 'add'
                ? `It goes last on the home slider, as slide ${slides.length + 1}, shown to players.`
                : pending.kind === 'replace'
                  ? `Slide ${slides.indexOf(pending.slide) + 1} (${pending.slide.title || 'no title'}) shows this image instead.`
                  : `Players no longer see slide ${slides.indexOf(pending.slide) + 1} (${pending.slide.title || 'no title'}); the others close up.`}
            </p>
            <img
              className={styles.confirmImage}
              src={pending.kind === 'remove' ? pending.slide.image_url : pending.image}
              alt={pending.kind === 'remove' ? pending.slide.title : 'The new image'}
            />
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}

function SlideItem({
  slide,
  position,
  busy,
  onUp,
  onDown,
  onReplace,
  onRemove,
}: {
  slide: SlideRow;
  position: number;
  busy: boolean;
  onUp: (() => void) | undefined;
  onDown: (() => void) | undefined;
  onReplace: (image: string) => void;
  onRemove: () => void;
}) {
  const after = useAfterAction();
  const [title, setTitle] = useState(slide.title);
  const [titleHi, setTitleHi] = useState(slide.title_hi);
  const [saving, setSaving] = useState(false);
  const [switching, setSwitching] = useState(false);
  const switchTo = (active: boolean) => {
    setSwitching(true);
    after(() => call(endpoints.contentSlideUpdate, { id: slide.id, active }), {
      success: active
        ? `Slide ${position} is shown again`
        : `Slide ${position} switched off: players no longer see it`,
      refresh: [slidesKey],
    })
      .catch(toastFailure)
      .finally(() => setSwitching(false));
  };
  const saveTitle = () => {
    setSaving(true);
    after(
      () =>
        call(endpoints.contentSlideUpdate, { id: slide.id, title: title.trim(), title_hi: titleHi.trim() }),
      {
        success: 'Slide title saved',
        refresh: [slidesKey],
      },
    )
      .catch(toastFailure)
      .finally(() => setSaving(false));
  };
  return (
    <li className={styles.slide} aria-label={`Slide ${position}`}>
      <img
        className={[styles.slideThumb, !slide.active && styles.slideOff].filter(Boolean).join(' ')}
        src={slide.image_url}
        alt={slide.title}
      />
      <div className={styles.slideBody}>
        <div className={styles.slideTitle}>
          <TextField
            label={`Slide ${position} title`}
            name={`slide-${slide.id}-title`}
            maxLength={SLIDE_TITLE_MAX}
            value={title}
            onValueChange={setTitle}
          />
          <TextField
            label={`Hindi title of slide ${position} (optional)`}
            name={`slide-${slide.id}-title-hi`}
            lang="hi"
            maxLength={SLIDE_TITLE_MAX}
            value={titleHi}
            onValueChange={setTitleHi}
          />
          {(title.trim() !== slide.title || titleHi.trim() !== slide.title_hi) && (
            <Button
              small
              busy={saving}
              busyText="Saving"
              icon={<Save size={16} aria-hidden="true" />}
              onClick={saveTitle}
            >
              Save title
            </Button>
          )}
        </div>
        <Toggle
          label="Shown on the slider"
          hint={slide.active ? 'Players see it.' : 'Off: kept here with its place, players do not see it.'}
          checked={slide.active}
          onChange={switchTo}
          disabled={switching}
        />
        <div className={styles.rowActions}>
          {(
            [
              ['Up', ArrowUp, onUp],
              ['Down', ArrowDown, onDown],
            ] as const
          ).map(([way, Arrow, move]) => (
            <Button
              key={way}
              variant="ghost"
              small
              disabled={busy || !move}
              onClick={move}
              icon={<Arrow size={16} aria-hidden="true" />}
              aria-label={`Move slide ${position} ${way.toLowerCase()}`}
            >
              {way}
            </Button>
          ))}
          <ImagePicker label="Replace image" onImage={onReplace} />
          <Button variant="ghost" small onClick={onRemove} icon={<Trash2 size={16} aria-hidden="true" />}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
