import { describe, expect, it } from 'vitest';
import { timeSlice } from './time-slice';

describe('a time slice', () => {
  it('lets the work go on while it has held the thread less than the slice, and gives way once it has', async () => {
    let clock = 0;
    const slice = timeSlice(10, () => clock);
    const requests: number[] = [];
    const request = () => setImmediate(() => requests.push(clock));
    request();
    clock = 9;
    await slice();
    expect(requests, 'a piece within the slice goes on').toEqual([]);
    clock = 12;
    await slice();
    expect(requests, 'past the slice, the requests waiting go first').toEqual([12]);
    request();
    clock = 20;
    await slice();
    expect(requests, 'the slice counts again from when it gave way').toEqual([12]);
    clock = 22;
    await slice();
    expect(requests).toEqual([12, 22]);
  });
});
