/**
 * The canvas's exports, next to the play controls: a PNG of what is drawn (on white, at device
 * resolution) and a WebM recording (MediaRecorder on canvas.captureStream()) with its elapsed time
 * and size while it runs; Stop offers `<run>-<time>.webm` (canvasFileName). Where the browser cannot record
 * WebM, the button is disabled and its tooltip says why; nothing here throws at the page.
 */
import { downloadBlob } from './csv';
import { el } from './dom';
import { wrapWords } from '../plot/plot-view';
import { fileStem, fileTimestamp } from './reproduce';

/**
 * The canvas's file names: `<run>-canvas-<time>.png`, `<run>-<time>.webm`, the run being runStem of
 * the reproduce line (the scenario's name, and the hash of one that is not a preset exactly), as the
 * plots' files are named: an edited run's picture and video apart from the preset's.
 */
export function canvasFileName(run: string, kind: 'png' | 'webm', at: Date): string {
  return kind === 'png' ? `${fileStem(run)}-canvas-${fileTimestamp(at)}.png` : `${fileStem(run)}-${fileTimestamp(at)}.webm`;
}

/** WebM types to try, best first */
export const WEBM_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'] as const;

export interface RecordingEnvironment {
  /** the MediaRecorder constructor's isTypeSupported, or null when there is no MediaRecorder */
  isTypeSupported: ((type: string) => boolean) | null;
  /** HTMLCanvasElement.prototype.captureStream exists */
  captureStream: boolean;
}

export type RecordingSupport = { ok: true; mimeType: string } | { ok: false; reason: string };

/** Whether (and in which type) this browser can record the canvas as WebM; why not, in words. */
export function recordingSupport(env: RecordingEnvironment): RecordingSupport {
  if (!env.captureStream) return { ok: false, reason: 'This browser cannot capture a canvas as a video stream.' };
  if (!env.isTypeSupported) return { ok: false, reason: 'This browser has no MediaRecorder: it cannot record video.' };
  const isTypeSupported = env.isTypeSupported;
  const mimeType = WEBM_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
  return mimeType ? { ok: true, mimeType } : { ok: false, reason: 'This browser cannot record WebM video.' };
}

/** The environment of this page. */
export function browserRecordingEnvironment(): RecordingEnvironment {
  const recorder = typeof MediaRecorder === 'function' ? MediaRecorder : null;
  return {
    isTypeSupported: recorder && typeof recorder.isTypeSupported === 'function' ? (type) => recorder.isTypeSupported(type) : null,
    captureStream: typeof HTMLCanvasElement !== 'undefined' && typeof HTMLCanvasElement.prototype.captureStream === 'function',
  };
}

/** "0:07 · 412 kB": elapsed recording time and size so far */
export function recordingProgress(elapsedMs: number, bytes: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const size = bytes < 1e6 ? `${Math.round(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
  return `${time} · ${size}`;
}

/**
 * The colours the canvas is drawn in (the gas page's disc speeds), for its PNG to carry: a picture
 * of coloured discs without the scale says nothing about the speeds.
 */
export interface ColourScale {
  /** what the colour shows, with its unit, e.g. "Disc speed |v| (m/s)" */
  title: string;
  /** the value at the top of the scale; larger values have the top colour */
  max: number;
  /** the colour of the fraction u ∈ [0, 1] of max */
  colour(u: number): string;
  /** a tick label */
  tick(v: number): string;
}

/** CSS px of the colour scale's row in the PNG: title and bar, tick labels under the bar */
export const SCALE_ROW_HEIGHT = 34;
/** CSS px: the scale's bar at most this wide */
const SCALE_BAR_WIDTH = 180;

/**
 * The canvas as a PNG on white (the renderers may leave the background transparent), with the
 * colour scale (when the canvas has one) and `caption` (the time and the reproduce line) in small
 * grey type under it, wrapped to the width: a picture that travels without the page still says
 * what it shows.
 */
export function canvasPng(canvas: HTMLCanvasElement, caption = '', scale: ColourScale | null = null): Promise<Blob | null> {
  const ratio = canvas.clientWidth > 0 ? canvas.width / canvas.clientWidth : 1;
  const pad = Math.round(8 * ratio);
  const lineHeight = Math.round(15 * ratio);
  const font = `${Math.round(11 * ratio)}px system-ui, sans-serif`;
  const measure = document.createElement('canvas').getContext('2d');
  if (measure) measure.font = font;
  const lines = wrapWords(caption, canvas.width - 2 * pad, (t) => measure?.measureText(t).width ?? t.length * 6 * ratio);
  const scaleHeight = scale && scale.max > 0 && Number.isFinite(scale.max) ? Math.round(SCALE_ROW_HEIGHT * ratio) : 0;
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height + scaleHeight + (lines.length > 0 ? lines.length * lineHeight + 2 * pad : 0);
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  ctx.font = font;
  ctx.textBaseline = 'middle';
  if (scale && scaleHeight > 0) drawScale(ctx, scale, canvas.height, out.width, ratio, pad);
  ctx.fillStyle = '#5b6370';
  lines.forEach((line, k) => ctx.fillText(line, pad, canvas.height + scaleHeight + pad + (k + 0.5) * lineHeight));
  return new Promise((resolve) => out.toBlob((blob) => resolve(blob), 'image/png'));
}

/**
 * Left edges of the scale's tick labels (widths in px, evenly spaced along the bar from `left`,
 * `barWidth` long), or null for one left out: the first starts at the bar, the inner ones are
 * centred on their values, the last ("≥ max") centred on the bar's end where the row (up to
 * `rowRight`) has room, else ending at `rowRight`. An inner label that would come closer than
 * `gap` to a neighbour is left out (the top one was drawn flush with the bar's end over its
 * neighbour: "1.875≥ 2.5", "0.015≥ 0.02").
 */
export function scaleTickPlacement(widths: readonly number[], left: number, barWidth: number, rowRight: number, gap: number): Array<number | null> {
  const n = widths.length;
  const w = (k: number): number => widths[k] ?? 0;
  const centre = (k: number): number => left + (n > 1 ? (barWidth * k) / (n - 1) : 0);
  const at: Array<number | null> = widths.map((_, k) => (k === 0 ? left : centre(k) - w(k) / 2));
  if (n > 1) at[n - 1] = Math.min(centre(n - 1) - w(n - 1) / 2, rowRight - w(n - 1));
  const last = at[n - 1] ?? left;
  let end = left + w(0);
  for (let k = 1; k < n - 1; k++) {
    const x = at[k] ?? 0;
    if (x < end + gap || x + w(k) + gap > last) at[k] = null;
    else end = x + w(k);
  }
  return at;
}

/** The scale's row from `top`: its title, then the bar with five tick labels under it ("≥" at the top). */
export function drawScale(ctx: CanvasRenderingContext2D, scale: ColourScale, top: number, width: number, ratio: number, pad: number): void {
  ctx.fillStyle = '#1d2025';
  ctx.textAlign = 'left';
  const barTop = top + Math.round(6 * ratio);
  const barHeight = Math.round(10 * ratio);
  ctx.fillText(scale.title, pad, barTop + barHeight / 2);
  const left = Math.min(pad + ctx.measureText(scale.title).width + Math.round(12 * ratio), width / 2);
  const barWidth = Math.max(Math.round(40 * ratio), Math.min(Math.round(SCALE_BAR_WIDTH * ratio), width - left - 2 * pad));
  for (let x = 0; x < barWidth; x++) {
    ctx.fillStyle = scale.colour(x / Math.max(1, barWidth - 1));
    ctx.fillRect(left + x, barTop, 1, barHeight);
  }
  ctx.fillStyle = '#5b6370';
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  const texts = [0, 1, 2, 3, 4].map((k) => (k === 4 ? `≥ ${scale.tick(scale.max)}` : scale.tick((scale.max * k) / 4)));
  const at = scaleTickPlacement(texts.map((t) => ctx.measureText(t).width), left, barWidth, width - pad, Math.round(4 * ratio));
  texts.forEach((text, k) => {
    const x = at[k];
    if (x !== null && x !== undefined) ctx.fillText(text, x, barTop + barHeight + Math.round(2 * ratio));
  });
  ctx.textBaseline = 'middle';
}

/** frames per second of the recording (the canvas is redrawn at most once per animation frame) */
const FPS = 30;

export class CanvasExport {
  readonly root: HTMLElement;
  private readonly recordButton: HTMLButtonElement;
  private readonly progress: HTMLElement;
  private readonly support: RecordingSupport;
  private recorder: MediaRecorder | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    /** the run as file names name it (runStem: the scenario's name, an edited one's hash) */
    private readonly run: () => string,
    /** the PNG's caption: the time shown and the reproduce line */
    private readonly caption: () => string = () => '',
    env: RecordingEnvironment = browserRecordingEnvironment(),
    /** the colours the canvas is drawn in, for the PNG (null: none to show) */
    private readonly scale: () => ColourScale | null = () => null,
  ) {
    const png = el('button', { type: 'button', id: 'canvas-png', 'aria-label': 'Download the canvas as PNG', title: 'The canvas as a PNG picture' }, 'PNG');
    png.addEventListener('click', () => void this.downloadPng());
    this.support = recordingSupport(env);
    this.recordButton = el('button', { type: 'button', id: 'canvas-record', 'aria-pressed': 'false' }, 'Record WebM');
    if (this.support.ok) {
      this.recordButton.title = 'Record the canvas as a WebM video; press again to stop and download it';
    } else {
      this.recordButton.disabled = true;
      this.recordButton.title = this.support.reason;
    }
    this.recordButton.addEventListener('click', () => (this.recorder ? this.stop() : this.start()));
    // elapsed time and size, every 250 ms: not a live region (the button's state is announced)
    this.progress = el('span', { class: 'record-progress', id: 'record-progress', hidden: true });
    this.root = el('span', { class: 'canvas-export', role: 'group', 'aria-label': 'Export the canvas' }, png, this.recordButton, this.progress);
  }

  /** recording now */
  recording(): boolean {
    return this.recorder !== null;
  }

  private async downloadPng(): Promise<void> {
    const blob = await canvasPng(this.canvas, this.caption(), this.scale());
    if (blob) downloadBlob(canvasFileName(this.run(), 'png', new Date()), blob);
  }

  private start(): void {
    if (!this.support.ok || this.recorder) return;
    const mimeType = this.support.mimeType;
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(this.canvas.captureStream(FPS), { mimeType });
    } catch (error) {
      this.showProblem(`Recording could not start: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const chunks: Blob[] = [];
    let bytes = 0;
    const started = performance.now();
    const name = canvasFileName(this.run(), 'webm', new Date());
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) {
        chunks.push(event.data);
        bytes += event.data.size;
      }
    });
    recorder.addEventListener('stop', () => {
      this.finish();
      const blob = new Blob(chunks, { type: 'video/webm' });
      if (blob.size > 0) downloadBlob(name, blob);
      else this.showProblem('The recording is empty (nothing was drawn while it ran).');
    });
    recorder.addEventListener('error', () => {
      this.finish();
      this.showProblem('The recording failed.');
    });
    try {
      recorder.start(250);
    } catch (error) {
      this.showProblem(`Recording could not start: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    this.recorder = recorder;
    this.recordButton.textContent = 'Stop recording';
    this.recordButton.setAttribute('aria-pressed', 'true');
    this.progress.hidden = false;
    this.progress.classList.remove('problem');
    const show = (): void => {
      this.progress.textContent = `● REC ${recordingProgress(performance.now() - started, bytes)}`;
    };
    show();
    this.timer = setInterval(show, 250);
  }

  private stop(): void {
    const recorder = this.recorder;
    if (!recorder) return;
    if (recorder.state !== 'inactive') recorder.stop();
    else this.finish();
  }

  private finish(): void {
    this.recorder = null;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.recordButton.textContent = 'Record WebM';
    this.recordButton.setAttribute('aria-pressed', 'false');
    this.progress.hidden = true;
  }

  private showProblem(text: string): void {
    this.progress.hidden = false;
    this.progress.classList.add('problem');
    this.progress.textContent = text;
  }
}
