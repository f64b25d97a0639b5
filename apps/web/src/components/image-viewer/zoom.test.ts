import { ZOOM } from '@shotlib/contract';
import { describe, expect, it } from 'vitest';
import { canPan, canZoomIn, canZoomOut, clampScale, INITIAL_VIEW, panBy, wheelZoom, withScale, zoomIn, zoomOut, zoomPercent } from './zoom';

describe('viewer zoom', () => {
  it('steps by 0.2 without floating-point drift', () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomIn(zoomIn(zoomIn(1)))).toBe(1.6);
    expect(zoomOut(1)).toBe(0.8);
    expect(zoomOut(zoomOut(1))).toBe(0.6);
  });

  it('never goes above 5', () => {
    expect(zoomIn(4.9)).toBe(ZOOM.max);
    expect(zoomIn(5)).toBe(5);
    expect(canZoomIn(5)).toBe(false);
    expect(canZoomIn(4.95)).toBe(true);
    expect(wheelZoom(5, -100)).toBe(5);
  });

  it('zooms out by a step only while the scale is above 0.4', () => {
    expect(zoomOut(0.6)).toBe(0.4);
    expect(canZoomOut(0.4)).toBe(false);
    expect(zoomOut(0.4)).toBe(0.4);
    expect(zoomOut(0.45)).toBe(0.25);
    expect(canZoomOut(0.25)).toBe(false);
    expect(zoomOut(0.25)).toBe(0.25);
  });

  it('ctrl/meta + wheel zooms by 0.05 within 0.1…5, up on a negative delta', () => {
    expect(wheelZoom(1, -120)).toBe(1.05);
    expect(wheelZoom(1, 3)).toBe(0.95);
    expect(wheelZoom(1, 0)).toBe(1);
    // The wheel may go below the 0.4 floor of the buttons, down to the limit 0.1.
    expect(wheelZoom(0.4, 1)).toBe(0.35);
    expect(wheelZoom(0.12, 1)).toBe(ZOOM.min);
    expect(wheelZoom(0.1, 1)).toBe(0.1);
  });

  it('clamps any scale to 0.1…5 and rounds to two decimals', () => {
    expect(clampScale(0)).toBe(0.1);
    expect(clampScale(-3)).toBe(0.1);
    expect(clampScale(12)).toBe(5);
    expect(clampScale(0.30000000000000004)).toBe(0.3);
    expect(clampScale(Number.NaN)).toBe(1);
  });

  it('reset is scale 1 and offset 0', () => {
    expect(INITIAL_VIEW).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('pans only while zoomed in, and re-centres at scale 1 or below', () => {
    expect(canPan({ scale: 1, x: 0, y: 0 })).toBe(false);
    expect(panBy({ scale: 1, x: 0, y: 0 }, 30, 10)).toEqual({ scale: 1, x: 0, y: 0 });
    const zoomed = panBy({ scale: 1.4, x: 0, y: 0 }, 30, -10);
    expect(zoomed).toEqual({ scale: 1.4, x: 30, y: -10 });
    expect(withScale(zoomed, 1.6)).toEqual({ scale: 1.6, x: 30, y: -10 });
    expect(withScale(zoomed, 1)).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('shows the level as a percentage', () => {
    expect(zoomPercent(1.2)).toBe(120);
    expect(zoomPercent(0.35)).toBe(35);
  });
});
