/**
 * A button whose work takes a moment (a plot's PNG: the first one can take a second or more while the
 * browser draws and encodes it, and an audit clicked again, unsure anything happened). While the work
 * runs the button says so ("PNG…", aria-busy) and further clicks are ignored; it is not disabled, so it
 * keeps the keyboard focus.
 */
export function busyWhile(button: HTMLButtonElement, work: () => Promise<unknown>): void {
  if (button.getAttribute('aria-busy') === 'true') return;
  const label = button.textContent ?? '';
  button.setAttribute('aria-busy', 'true');
  button.textContent = `${label}…`;
  const done = (): void => {
    button.removeAttribute('aria-busy');
    button.textContent = label;
  };
  let running: Promise<unknown>;
  try {
    running = work();
  } catch (e) {
    done();
    throw e;
  }
  running.then(done, done);
}
