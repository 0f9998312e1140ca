// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsUntil, useCountdown } from './countdown';

describe('the resend countdown', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('rounds the time left up to whole seconds and never goes below zero', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });

  it('counts down from the seconds the server gave, to zero', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.start(60));
    expect(result.current.secondsLeft).toBe(60);
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => void vi.advanceTimersByTime(58_000));
    expect(result.current.secondsLeft).toBe(1);
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(0);
    act(() => void vi.advanceTimersByTime(5_000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('restarts from a new value (a 429 with secondsLeft)', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => void vi.advanceTimersByTime(10_000));
    act(() => result.current.start(17));
    expect(result.current.secondsLeft).toBe(17);
    act(() => void vi.advanceTimersByTime(17_000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('ignores a start of zero seconds', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(0));
    expect(result.current.secondsLeft).toBe(0);
  });
});
