/** The play controls wired to a simulation worker, and the space bar as play / pause. */
import { AdvanceStatus, type FrameCommon } from '../sim/protocol';
import { Controls } from './controls';
import { byId } from './dom';
import type { GranularState } from './test-hook';

export interface ControlledClient {
  play(): void;
  pause(): void;
  step(): void;
  reset(play: boolean): void;
  setSpeed(value: number): void;
}

/**
 * #controls driving `client`; reset keeps running when `running()`. `start`: where Reset and Replay
 * take the run, for their tooltips (Controls; "t = 0" when absent)
 */
export function wireControls(client: ControlledClient, running: () => boolean, start?: string): Controls {
  const controls = new Controls(byId('controls', HTMLElement), {
    play: () => client.play(),
    pause: () => client.pause(),
    step: () => client.step(),
    reset: () => client.reset(running()),
    replay: () => client.reset(true),
    speed: (value) => client.setSpeed(value),
  }, 1, start);
  // space plays / pauses unless a form control has the focus, or an element that acts as a button (a
  // plot's legend entry, plot-view.ts: its Space switched its series and paused the run too)
  document.addEventListener('keydown', (event) => {
    if (event.key !== ' ' || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest('input, textarea, select, button, summary, a, [role="button"]')) return;
    event.preventDefault();
    controls.toggle();
  });
  return controls;
}

/**
 * what the end-to-end test hook reports of the latest frame: the picture on screen, its time with
 * its hash (the frame's `time` runs ahead of both between two output instants: `engineTime`)
 */
export function frameState(lastFrame: FrameCommon | null, count: number): GranularState {
  return {
    time: lastFrame?.pictureTime ?? 0,
    engineTime: lastFrame?.time ?? 0,
    hash: lastFrame?.hash ?? '',
    count,
    status: lastFrame?.status ?? AdvanceStatus.Output,
    running: lastFrame?.running ?? false,
    outputIndex: lastFrame?.outputIndex ?? 0,
  };
}
