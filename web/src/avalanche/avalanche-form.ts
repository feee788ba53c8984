/**
 * The avalanche scenario form (pure: no DOM): every scenario parameter with its unit, one field
 * per JSON path (docs/scenario-format.md, "Avalanche"). Boundary segments are not a field: they
 * come from the Gmsh import (msh-import.ts) or the JSON editor.
 */
import { plainFormModel, type FieldSpec, type FormModel } from '../ui/scenario-form';

export const AVALANCHE_GROUP_TITLES: Readonly<Record<string, string>> = {
  column: 'Column',
  grains: 'Grains',
  floor: 'Friction, impacts, floor and gravity',
  solver: 'Solver (Non-Smooth Contact Dynamics)',
  settle: 'Settling and stop',
  output: 'Output',
};

export const AVALANCHE_FIELDS: readonly FieldSpec[] = [
  { key: 'columnWidth', path: 'column.width', label: 'Column width W', unit: 'm', kind: 'number', group: 'column' },
  { key: 'columnHeight', path: 'column.height', label: 'Column height H', unit: 'm', kind: 'number', group: 'column', hint: 'before settling; a = H/W' },
  { key: 'rmin', path: 'grains.rmin', label: 'Smallest radius R_min', unit: 'm', kind: 'number', group: 'grains' },
  { key: 'rmax', path: 'grains.rmax', label: 'Largest radius R_max', unit: 'm', kind: 'number', group: 'grains' },
  { key: 'density', path: 'grains.density', label: 'Areal density', unit: 'kg/m²', kind: 'number', group: 'grains' },
  { key: 'seed', path: 'seed', label: 'Random seed', unit: '1', kind: 'number', group: 'grains' },
  { key: 'mu', path: 'friction.mu', label: 'Friction μ (grain–grain, grain–floor)', unit: '1', kind: 'number', group: 'floor' },
  { key: 'rolling', path: 'friction.rolling', label: 'Rolling resistance μ_r', unit: '1', kind: 'number', group: 'floor', hint: 'rolling torque ≤ μ_r R_eff × normal force; 0: free-rolling discs, > 0 stands for angular grains' },
  { key: 'restitution', path: 'restitution', label: 'Restitution e', unit: '1', kind: 'number', group: 'floor', hint: 'normal separation speed / approach speed at an impact; 0: perfectly inelastic (the usual NSCD choice)' },
  { key: 'floorLength', path: 'floor.length', label: 'Floor length', unit: 'm', kind: 'number', group: 'floor', hint: 'a row of fixed discs from x = 0' },
  { key: 'floorRadius', path: 'floor.radius', label: 'Floor disc radius', unit: 'm', kind: 'optional-number', group: 'floor', hint: 'the floor’s roughness; blank: R_min (it follows the grains)' },
  { key: 'floorGap', path: 'floor.gap', label: 'Gap between floor discs', unit: 'm', kind: 'number', group: 'floor', hint: '0: touching; less than 2 R_min, or the smallest grains fall through' },
  { key: 'village', path: 'village', label: 'Village at x', unit: 'm', kind: 'optional-number', group: 'floor', hint: 'from the left wall, on the floor beyond the column; blank: none. The read-out says whether the flow reaches it' },
  { key: 'gravity', path: 'gravity', label: 'Gravity g', unit: 'm/s²', kind: 'number', group: 'floor' },
  {
    key: 'method', path: 'solver.method', label: 'Method', unit: '', kind: 'select', group: 'solver',
    options: [['gauss-seidel', 'non-linear Gauss–Seidel'], ['jacobi', 'Jacobi']],
  },
  { key: 'timeStep', path: 'solver.timeStep', label: 'Time step h', unit: 's', kind: 'number', group: 'solver' },
  { key: 'tolerance', path: 'solver.tolerance', label: 'Tolerance', unit: '× mean R', kind: 'number', group: 'solver', hint: 'geometric: the largest velocity change × h, as a fraction of the mean radius' },
  { key: 'maxIterations', path: 'solver.maxIterations', label: 'Max iterations per step', unit: '1', kind: 'number', group: 'solver' },
  { key: 'warmStart', path: 'solver.warmStart', label: 'Warm start (previous impulses)', unit: '', kind: 'checkbox', group: 'solver' },
  {
    key: 'relaxation', path: 'solver.relaxation', label: 'Jacobi relaxation', unit: '1', kind: 'number', group: 'solver',
    hint: 'the fraction of each Jacobi sweep’s correction applied; Gauss–Seidel does not use it (greyed out)',
    enabledWhen: { key: 'method', values: ['jacobi'] },
  },
  { key: 'settleThreshold', path: 'settle.threshold', label: 'Settled below', unit: 'm g R', kind: 'number', group: 'settle', hint: 'kinetic energy per grain, in units of the mean grain’s m g R' },
  { key: 'settleMaxTime', path: 'settle.maxTime', label: 'Longest settling', unit: 's', kind: 'number', group: 'settle' },
  { key: 'stopThreshold', path: 'stop.threshold', label: 'Stopped below', unit: 'm g R', kind: 'number', group: 'settle' },
  { key: 'interval', path: 'output.interval', label: 'Output interval', unit: 's', kind: 'number', group: 'output' },
  { key: 'duration', path: 'output.duration', label: 'Longest run after the gate opens', unit: 's', kind: 'number', group: 'output' },
];

export const AVALANCHE_FORM: FormModel = plainFormModel(
  AVALANCHE_FIELDS,
  AVALANCHE_GROUP_TITLES,
  'Edit or paste any avalanche scenario ("engine": "avalanche"; boundary.segments: [[ax, ay, bx, by], …] in m; format: docs/scenario-format.md, "Avalanche"). SI units.',
);
