// Example course page script: embeds Granular Lab twice and drives the first embed through the
// postMessage API (docs/embedding.md). Plain JavaScript, no build step.
const PROTOCOL = 'granular-lab/1';
const params = new URLSearchParams(location.search);
// where the lab is deployed (a directory URL ending in /)
const lab = new URL(params.get('lab') ?? 'https://example.org/courses/granular-lab/');
// the lab obeys only the origins listed in its address (this page's, by default)
const allow = params.get('origins') ?? location.origin;

const gasFrame = document.getElementById('lab-gas');
const softFrame = document.getElementById('lab-soft');
const log = document.getElementById('log');
const table = document.querySelector('#observables tbody');

function note(text) {
  const li = document.createElement('li');
  li.textContent = text; // lab messages are shown as text only
  log.append(li);
  log.scrollTop = log.scrollHeight;
}

let nextId = 1;
const waiting = new Map();
/** Sends a command to the gas embed; resolves with the lab's answer. */
function send(type, extra = {}) {
  const id = nextId++;
  gasFrame.contentWindow.postMessage({ protocol: PROTOCOL, id, type, ...extra }, lab.origin);
  return new Promise((resolve) => waiting.set(id, resolve));
}

window.addEventListener('message', (event) => {
  if (event.origin !== lab.origin || event.source !== gasFrame.contentWindow) return;
  const msg = event.data;
  if (typeof msg !== 'object' || msg === null || msg.protocol !== PROTOCOL) return;
  if (msg.type === 'ready') {
    note(`ready: ${msg.family} lab, observables ${msg.observables.join(', ')}`);
    for (const b of document.querySelectorAll('.buttons button')) b.disabled = false;
  } else if (msg.type === 'result' || msg.type === 'error') {
    note(msg.type === 'error' ? `#${msg.id} error: ${msg.message}` : `#${msg.id} ok`);
    waiting.get(msg.id)?.(msg);
    waiting.delete(msg.id);
  } else if (msg.type === 'threshold') {
    note(`threshold: ${msg.observable} went ${msg.direction} through ${msg.threshold.toPrecision(4)} at t = ${msg.observables.time.toFixed(2)} s`);
  } else if (msg.type === 'ended') {
    note(`ended${msg.message ? `: ${msg.message}` : ''}`);
  }
});

function embedUrl(page, extra) {
  const url = new URL(page, lab);
  url.searchParams.set('embed', '1');
  url.searchParams.set('origins', allow);
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return url.toString();
}
gasFrame.src = embedUrl('./', { plot: 'energy', play: '0' });

/** A scenario in a share-link fragment (#s=): deflate-raw, then base64url, as the lab's "copy link". */
async function shareFragment(scenario) {
  const bytes = new TextEncoder().encode(JSON.stringify(scenario));
  const packed = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
  let binary = '';
  for (const b of packed) binary += String.fromCharCode(b);
  return `s=${btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}`;
}
// the second embed shows one scenario of our own: two soft discs meeting head-on
const headOn = {
  schema: 1,
  name: 'Two discs head-on (course, week 3)',
  engine: 'soft',
  domain: { box: { width: 12, height: 4 } },
  discs: [{ x: 3, y: 2, vx: 1 }, { x: 9, y: 2, vx: -1 }],
  contact: { law: 'hunt-crossley', restitution: 0.8 },
  friction: { law: 'none' },
  output: { interval: 0.01, duration: 6 },
};
shareFragment(headOn).then((fragment) => {
  softFrame.src = `${embedUrl('soft.html', { plot: 'hysteresis' })}#${fragment}`;
});

const gas = (restitution) => ({
  schema: 1,
  name: `Course gas, r = ${restitution}`,
  seed: 3,
  generate: { count: 300, radius: 0.01, speed: 1 },
  restitution,
  output: { interval: 0.02 },
});

function showObservables(observables) {
  table.replaceChildren();
  for (const [name, value] of Object.entries(observables)) {
    const row = table.insertRow();
    row.insertCell().textContent = name;
    row.insertCell().textContent = Number(value).toPrecision(6);
  }
}

document.getElementById('load-elastic').addEventListener('click', () => send('load', { scenario: gas(1) }));
document.getElementById('load-inelastic').addEventListener('click', () => send('load', { scenario: gas(0.8) }));
for (const command of ['play', 'pause', 'step', 'reset']) {
  document.getElementById(command).addEventListener('click', () => send(command));
}
document.getElementById('observe').addEventListener('click', async () => {
  const answer = await send('observe');
  if (answer.type === 'result') showObservables(answer.observables);
});
document.getElementById('watch').addEventListener('click', async () => {
  const now = await send('observe');
  if (now.type !== 'result') return;
  const half = now.observables.kineticEnergy / 2;
  await send('subscribe', { observable: 'kineticEnergy', threshold: half, direction: 'down' });
  note(`watching for kineticEnergy below ${half.toPrecision(4)} J`);
});
