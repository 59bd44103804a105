/**
 * What reading places costs (decision 037): the gazetteer's first load (time, CPU, heap kept) and
 * readPlaces per call once it is loaded, over typical location texts, as an import of 100,000
 * jobs would call it.
 *
 *   pnpm --filter @board/api bench:places [--calls 100000]
 */
import { parseArgs } from 'node:util';
import { loadGazetteer, readPlaces } from '@board/shared/places/read-places';
import { readVisaSponsorship } from '@board/shared/places/visa';

const { values } = parseArgs({ options: { calls: { type: 'string' } } });
const calls = Number(values.calls ?? 100_000);

const texts = [
  'Remote - US',
  'Remote (EU)',
  'Anywhere',
  'Berlin, Germany',
  'London or Remote (UK)',
  'New York, NY; San Francisco, CA',
  'Remote — Americas',
  'Paris',
  'Cambridge, MA',
  'Cambridge',
  'San Francisco, CA',
  'Remote',
  'Toronto, ON, Canada',
  'Hybrid - London',
  'Remote (US or Canada) - UTC-5 to UTC+1',
  'Bengaluru, Karnataka, India',
  'Multiple Locations, US',
  'Sausalito, CA',
  'Mars Base Alpha',
  'Austin, TX (Hybrid)',
];

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};

const heapBefore = heap();
const cpuBefore = process.cpuUsage();
const started = performance.now();
loadGazetteer();
const loadMs = performance.now() - started;
const loadCpu = process.cpuUsage(cpuBefore);
const kept = heap() - heapBefore;

const timed = (run: (index: number) => void) => {
  for (let index = 0; index < 2_000; index++) run(index);
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let index = 0; index < calls; index++) run(index);
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wallUs: (wall * 1000) / calls, cpuUs: (used.user + used.system) / calls };
};

const places = timed((index) => readPlaces({ text: texts[index % texts.length] }));
// A description of some 6,000 characters that says no near its end, and one that names no visa.
const description = `${'We build tools for teams, and we ship every week. '.repeat(120)}We are unable to offer visa sponsorship for this role.`;
const silent = 'We build tools for teams, and we ship every week. '.repeat(120);
const visa = timed(() => readVisaSponsorship(description));
const visaSilent = timed(() => readVisaSponsorship(silent));

const round = (value: number, digits = 1) => value.toFixed(digits);
console.log(`gazetteer load: ${round(loadMs, 0)} ms wall, ${round((loadCpu.user + loadCpu.system) / 1000, 0)} ms CPU`);
console.log(
  `heap kept by the gazetteer: ${round(kept / 1e6)} MB; process RSS now ${round(process.memoryUsage().rss / 1e6, 0)} MB`,
);
console.log(
  `readPlaces, ${calls} calls over ${texts.length} texts: ${round(places.wallUs, 2)} µs wall, ${round(places.cpuUs, 2)} µs CPU per call`,
);
console.log(
  `readVisaSponsorship, ${description.length} characters: ${round(visa.cpuUs, 2)} µs CPU per call saying no, ${round(visaSilent.cpuUs, 2)} µs saying nothing`,
);
