// The pieces of scripts/avalanche-rapier.mjs that do not start processes: the runout from a contact
// graph built from positions, the study's slope verdict, and one collapse stepped by Rapier. Plain
// JavaScript (the script runs on Node before any build); the types are in avalanche-rapier-lib.d.mts.

/**
 * The front of the main mass, as nscd::runoutFront computes it from the engine's contact list: two
 * grains touch when their gap is below `alert` (the NSCD engine keeps a contact for every such
 * pair); the largest connected group of the first `grains` discs (floor discs and walls do not
 * connect), its farthest x + r, and the grain that sets it (the lowest index on a tie of group size).
 */
export function contactRunout(x, y, r, grains, alert) {
  const parent = Array.from({ length: grains }, (_, i) => i);
  const find = (a) => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]];
    return a;
  };
  let rmax = 0;
  for (let i = 0; i < grains; i++) rmax = Math.max(rmax, r[i]);
  const cell = 2 * rmax + Math.max(alert, 0);
  const cells = new Map();
  const key = (cx, cy) => `${cx},${cy}`;
  for (let i = 0; i < grains; i++) {
    const k = key(Math.floor(x[i] / cell), Math.floor(y[i] / cell));
    let list = cells.get(k);
    if (!list) cells.set(k, (list = []));
    list.push(i);
  }
  for (let i = 0; i < grains; i++) {
    const cx = Math.floor(x[i] / cell), cy = Math.floor(y[i] / cell);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const j of cells.get(key(cx + dx, cy + dy)) ?? []) {
          if (j <= i) continue;
          if (Math.hypot(x[j] - x[i], y[j] - y[i]) - r[i] - r[j] >= alert) continue;
          const a = find(i), b = find(j);
          if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
        }
  }
  const size = new Array(grains).fill(0);
  for (let i = 0; i < grains; i++) size[find(i)]++;
  let best = -1;
  for (let i = 0; i < grains; i++) if (best < 0 || size[i] > size[best]) best = i;
  let position = NaN, grain = -1;
  for (let i = 0; i < grains; i++)
    if (find(i) === best && (grain < 0 || x[i] + r[i] > position)) {
      position = x[i] + r[i];
      grain = i;
    }
  return { position, grain };
}

/** Least squares slope of log y against log x (null with fewer than two distinct x). */
export function fitLogLog(xs, ys) {
  const lx = [], ly = [];
  for (let k = 0; k < Math.min(xs.length, ys.length); k++)
    if (xs[k] > 0 && ys[k] > 0) {
      lx.push(Math.log(xs[k]));
      ly.push(Math.log(ys[k]));
    }
  if (lx.length < 2) return null;
  const mx = lx.reduce((s, v) => s + v, 0) / lx.length, my = ly.reduce((s, v) => s + v, 0) / ly.length;
  let sxx = 0, sxy = 0;
  for (let k = 0; k < lx.length; k++) {
    sxx += (lx[k] - mx) ** 2;
    sxy += (lx[k] - mx) * (ly[k] - my);
  }
  return sxx > 0 ? sxy / sxx : null;
}

/**
 * The study's two slopes as nscd::judgeStudy takes them: cases grouped by their target a, the
 * settled a and the relative runout averaged per group, fitted over a <= 1.5 and over a >= 4.
 * `cases`: { aspectTarget, aspect, relativeRunout }.
 */
export function studySlopes(cases) {
  const groups = new Map();
  for (const c of cases) {
    const g = groups.get(c.aspectTarget) ?? { aspect: 0, runout: 0, count: 0 };
    g.aspect += c.aspect;
    g.runout += c.relativeRunout;
    g.count++;
    groups.set(c.aspectTarget, g);
  }
  const small = { x: [], y: [] }, large = { x: [], y: [] };
  for (const [target, g] of [...groups].sort((p, q) => p[0] - q[0])) {
    const side = target <= 1.5 ? small : target >= 4 ? large : null;
    if (!side) continue;
    side.x.push(g.aspect / g.count);
    side.y.push(g.runout / g.count);
  }
  return { small: fitLogLog(small.x, small.y), large: fitLogLog(large.x, large.y) };
}

/**
 * One released column (CollapseResult's `released`, from avalanche-study --json) collapsed by
 * Rapier with the study's material, time step and stop rule: kinetic energy (translation and
 * rotation) per grain below stopEnergy m g R of the mean grain for stopHold sqrt(H0/g), not before
 * minStopTime sqrt(H0/g), given up after maxTime sqrt(H0/g). The energy is read every `every`
 * steps (reading every body's velocity through the binding costs as much as a step).
 * Returns { runout, stopTime (s, or null if it did not stop), steps }.
 */
export function collapseInRapier(RAPIER, released, grains, params, h0, { iterations = 4, every = 20 } = {}) {
  const world = new RAPIER.World({ x: 0, y: -params.gravity });
  world.timestep = params.h;
  world.numSolverIterations = iterations;
  const ground = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  const bodies = [];
  for (let i = 0; i < released.x.length; i++) {
    const ball = RAPIER.ColliderDesc.ball(released.radius[i]).setFriction(params.mu).setRestitution(params.restitution);
    if (released.mass[i] > 0) {
      // no sleeping: a body put to sleep by Rapier's own speed threshold would stop the flow early
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(released.x[i], released.y[i]).setCanSleep(false));
      world.createCollider(ball.setMass(released.mass[i]), body); // a ball's inertia m r^2 / 2, as the NSCD grains'
      bodies.push(body);
    } else {
      world.createCollider(ball.setTranslation(released.x[i], released.y[i]), ground);
    }
  }
  for (const [ax, ay, bx, by] of released.walls)
    world.createCollider(RAPIER.ColliderDesc.segment({ x: ax, y: ay }, { x: bx, y: by }).setFriction(params.mu).setRestitution(params.restitution), ground);
  const rmean = 0.5 * (params.rmin + params.rmax);
  const mgR = params.density * Math.PI * rmean * rmean * params.gravity * rmean;
  const stopEnergy = params.stopEnergy * mgR * grains;
  const unit = Math.sqrt(h0 / params.gravity);
  const kinetic = () => {
    let e = 0;
    for (let i = 0; i < bodies.length; i++) {
      const b = bodies[i], v = b.linvel(), w = b.angvel(), m = released.mass[i], r = released.radius[i];
      e += 0.5 * m * (v.x * v.x + v.y * v.y) + 0.25 * m * r * r * w * w;
    }
    return e;
  };
  let steps = 0, quietSince = -1, stopTime = null;
  for (;;) {
    world.step();
    steps++;
    const t = steps * params.h;
    if (steps % every !== 0) continue;
    if (kinetic() < stopEnergy) {
      if (quietSince < 0) quietSince = t;
    } else quietSince = -1;
    if (t >= params.minStopTime * unit && quietSince >= 0 && t - quietSince >= params.stopHold * unit) {
      stopTime = quietSince;
      break;
    }
    if (t >= params.maxTime * unit) break;
  }
  const x = [], y = [];
  for (const b of bodies) {
    const p = b.translation();
    x.push(p.x);
    y.push(p.y);
  }
  let rmin = Infinity;
  for (const r of released.radius) rmin = Math.min(rmin, r);
  const alert = params.alert > 0 ? params.alert : 0.1 * rmin; // the NSCD engine's alert distance
  const runout = contactRunout(x, y, released.radius, grains, alert).position;
  world.free();
  return { runout, stopTime, steps };
}
