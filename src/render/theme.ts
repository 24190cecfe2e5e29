/**
 * The picture's colours: a walnut frame around green felt, ivory and terracotta points, ivory and
 * ebony checkers. Chosen for contrast on a small, often dimmed phone screen: each checker has a
 * rim that separates it from a point of a similar colour.
 */
import type { Colour } from './spec.ts';

export const THEME = {
  background: '#20150e',
  panel: '#2a1c12',
  panelActive: '#3d2a1a',
  frame: '#5a3620',
  frameLight: '#7a4a2b',
  frameDark: '#3b2314',
  felt: '#1d5a3c',
  feltDark: '#174a31',
  pointLight: '#e9dcc0',
  pointDark: '#b4462e',
  bar: '#4a2c19',
  tray: '#2f1d11',
  numbers: '#f4e4c4',
  text: '#f8efdc',
  textDim: '#c9b79a',
  accent: '#ffc940',
  lastPlay: '#ffc940',
  turnSteps: '#66d9ff',
  destination: '#7dff8a',
  clockLow: '#ff6b57',
  pinned: '#ff3b30',
  overlay: '#000000',
} as const;

/**
 * The face, rim, carved ring and count colours of each colour's checkers. Flat faces: a radial
 * gradient looked a little rounder but cost 10 KB per PNG (bench/render.ts).
 */
export const CHECKER: Record<Colour, { face: string; rim: string; inner: string; count: string; slabRim: string }> = {
  white: { face: '#f4ecdb', rim: '#6e5a43', inner: '#d2c3a5', count: '#2a1c12', slabRim: '#8a7152' },
  black: { face: '#2b2624', rim: '#0b0a0a', inner: '#4a4340', count: '#f8efdc', slabRim: '#8a7f76' },
};

