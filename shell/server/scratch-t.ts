import { Board } from '../../e2e/support/board';

const board = await Board.start();
await new Promise((r) => setTimeout(r, 1500));
for (let i = 0; i < 6; i++) {
  for (const p of ['/', '/job/4']) {
    const t = performance.now();
    const r = await fetch(board.url + p, { headers: { 'accept-encoding': 'gzip' } });
    const t1 = performance.now();
    await r.arrayBuffer();
    console.log(p, 'ttfb', Math.round(t1 - t), 'total', Math.round(performance.now() - t));
  }
  await new Promise((r) => setTimeout(r, 2000));
}
await board.stop();
process.exit(0);
