import type { Equity, Funding, Investors, jobPlacements, jobStatuses } from '../db/job-board-tables';

/**
 * Deterministic demo data: the same seed gives the same board. Together the records exercise every
 * display rule of SPEC sections 3 and 5 (see api/README.md, "Demo data").
 */
export interface DemoWorkspace {
  slug: string;
  name: string;
}

interface DemoOrganization {
  name: string;
  jobBoardSlug: string;
  workspaceSlug: string;
  logo: string | null;
  overview: string | null;
  funding: Funding | null;
  investors: Investors | null;
  teamMembers: unknown[];
}

interface DemoJob {
  /** Index into the organizations list. */
  organization: number;
  title: string;
  location: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  shortDescription: string | null;
  description: string | null;
  jobType: string | null;
  workplaceType: string | null;
  level: string | null;
  requirements: string[];
  skills: string[];
  benefits: string[];
  initialProjects: string[] | null;
  /** "in-site" is replaced by /job/{id}/apply once the job has its id. */
  applicationUrl: string | null;
  equity: Equity | null;
  shownOn: (typeof jobPlacements)[number];
  status: (typeof jobStatuses)[number];
  /** Days before the seed time; null for drafts. */
  publishedDaysAgo: number | null;
}

export const IN_SITE_APPLICATION = 'in-site';

export const demoWorkspaces: DemoWorkspace[] = [
  { slug: 'demo', name: 'Demo Ventures' },
  { slug: 'climate-collective', name: 'Climate Collective' },
  { slug: 'fintech-guild', name: 'Fintech Guild' },
];

/** mulberry32: a small seeded PRNG, so the demo data never changes between runs. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    some: <T>(items: readonly T[], count: number): T[] => {
      const copy = [...items];
      const out: T[] = [];
      while (out.length < count && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0] as T);
      return out;
    },
  };
}

const companyNames = [
  'Northwind Robotics',
  'Lumen Health',
  'Tidal Energy',
  'Quill Labs',
  'Harbor Pay',
  'Orbital Freight',
  'Canopy Carbon',
  'Brightline Bio',
  'Ledgerly',
  'Pollen Foods',
  'Vector Security',
  'Fernway Travel',
  'Cobalt Grid',
  'Atlas Learning',
  'Kite Insurance',
  'Meadow Water',
  'Signal Forge',
  'Nimbus Data',
  'Driftwood Games',
  'Sable Payments',
  'Arbor Homes',
  'Helix Diagnostics',
  'Mosaic Legal',
  'Juniper Mobility',
];

const investorNames = [
  'Sequoia Capital',
  'Index Ventures',
  'Accel',
  'Balderton Capital',
  'LocalGlobe',
  'Seedcamp',
  'Atomico',
  'Northzone',
  'Y Combinator',
  'Lightspeed',
  'Octopus Ventures',
  'Point Nine',
  'Kindred Capital',
  'Hoxton Ventures',
  'Notion Capital',
];

const roundTypes = ['Pre-seed', 'Seed', 'Series A', 'Series B', 'Series C'];

const titles = [
  'Senior Software Engineer',
  'Frontend Developer',
  'Backend Engineer',
  'Full Stack Developer',
  'Product Designer',
  'Product Manager',
  'Data Scientist',
  'Machine Learning Engineer',
  'Marketing Manager',
  'Account Executive',
  'Operations Manager',
  'UX Researcher',
  'DevOps Engineer',
  'Embedded Programmer',
  'Head of Sales',
  'Customer Success Lead',
  'Staff Platform Engineer',
  'iOS Developer',
  'Finance Associate',
  'Technical Writer',
];

const locations = [
  'London',
  'Berlin',
  'Amsterdam',
  'Paris',
  'Lisbon',
  'Manchester',
  'Dublin',
  'Stockholm',
  'Remote (EU)',
  'New York',
];
const jobTypes = ['Full-time', 'Part-time', 'Contract', 'Internship'];
const workplaceTypes = ['Remote', 'Hybrid', 'On-site'];
const levels = ['Junior', 'Mid-level', 'Senior', 'Lead', 'Principal'];
const skillPool = [
  'TypeScript',
  'React',
  'Node.js',
  'PostgreSQL',
  'Python',
  'Go',
  'Kubernetes',
  'AWS',
  'Figma',
  'SQL',
  'Rust',
  'GraphQL',
  'Swift',
  'Terraform',
  'Salesforce',
  'Excel',
  'Copywriting',
  'Research',
];
const benefitPool = [
  '25 days holiday plus bank holidays',
  'Private health insurance',
  'Learning budget of £1,500 a year',
  'Home office budget',
  'Enhanced parental leave',
  'Cycle to work scheme',
  'Pension matching up to 5%',
  'Four-day week in August',
];
const requirementPool = [
  '3+ years of professional experience in a similar role',
  'You write clearly and enjoy explaining your work',
  'Experience shipping products used by real customers',
  'Comfortable with ambiguity in an early-stage team',
  'A track record of owning projects end to end',
  'Right to work in the role’s location',
];
const projectPool = [
  'Rebuild onboarding so new customers go live in a day',
  'Ship the public API and its documentation',
  'Design the first version of the mobile app',
  'Cut infrastructure costs by a third',
  'Launch in two new markets',
];
const firstNames = [
  'Ada',
  'Kwame',
  'Priya',
  'Jonas',
  'Mei',
  'Sofia',
  'Tomás',
  'Aisha',
  'Liam',
  'Noor',
  'Elena',
  'Ravi',
];
const lastNames = ['Okafor', 'Lindqvist', 'Patel', 'Moreau', 'Chen', 'García', 'Novak', 'Haddad', 'Byrne', 'Kowalski'];
const roles = [
  'CEO & Co-founder',
  'CTO & Co-founder',
  'Head of Product',
  'VP Engineering',
  'Head of People',
  'Design Lead',
];
const bios = [
  'Previously led payments engineering at a European neobank',
  'Spent eight years building developer tools, most recently at a unicorn',
  'Former climate scientist turned product builder',
  'Scaled a marketplace from zero to a million users',
  'Loves hard problems, good coffee and mentoring engineers',
];

/** What some demo postings say about visas (no random draw: the other fields stay as they were). */
const visaSentences = [
  '',
  'Visa sponsorship is available for this role.',
  '',
  'We are unable to sponsor visas for this role.',
  '',
];

function description(r: ReturnType<typeof random>, company: string, title: string, index: number): string {
  return [
    `#About the role#\nAs our ${title}, you will join a small team at ${company} that ships every week.\nYou will work closely with the founders and our first customers.`,
    `#What you will do#\nOwn a part of the product from idea to launch.\nTalk to users, measure what matters and iterate.\nHelp us hire and grow the team around you.`,
    `We are building ${r.pick(['the financial backbone for small businesses', 'tools that make clean energy cheaper', 'software that shortens hospital waiting lists', 'a better way to move goods across Europe'])}. If that sounds like your kind of problem, we would love to hear from you.`,
    visaSentences[index % visaSentences.length],
  ]
    .filter(Boolean)
    .join('\n\n');
}

const demoJobCount = 150;

const namePrefixes = [
  'North',
  'Lumen',
  'Tidal',
  'Quill',
  'Harbor',
  'Orbit',
  'Canopy',
  'Bright',
  'Ledger',
  'Pollen',
  'Vector',
  'Fern',
  'Cobalt',
  'Atlas',
  'Kite',
  'Meadow',
  'Signal',
  'Nimbus',
  'Drift',
  'Sable',
  'Arbor',
  'Helix',
  'Mosaic',
  'Juniper',
  'Ember',
  'Onyx',
  'Prism',
  'Cedar',
  'Falcon',
  'Granite',
];
const nameSuffixes = [
  'Labs',
  'Health',
  'Energy',
  'Pay',
  'Freight',
  'Bio',
  'Security',
  'Travel',
  'Grid',
  'Learning',
  'Insurance',
  'Data',
  'Games',
  'Homes',
  'Legal',
  'Mobility',
  'Robotics',
  'Foods',
  'Cloud',
  'AI',
  'Works',
  'Systems',
  'Capital',
  'Logistics',
  'Analytics',
];
const investorWords = [
  'Alpine',
  'Beacon',
  'Crescent',
  'Delta',
  'Evergreen',
  'Frontier',
  'Granite',
  'Horizon',
  'Ironwood',
  'Juniper',
  'Keystone',
  'Lighthouse',
  'Meridian',
  'Nova',
  'Oakridge',
  'Pioneer',
  'Quantum',
  'Redwood',
  'Summit',
  'Trident',
];
const investorKinds = ['Ventures', 'Capital', 'Partners', 'Fund', 'Growth', 'Seed'];
const moreLocations = [
  ...locations,
  'Remote',
  'Remote (US)',
  'San Francisco',
  'Barcelona',
  'Madrid',
  'Munich',
  'Copenhagen',
  'Oslo',
  'Helsinki',
  'Zurich',
  'Vienna',
  'Warsaw',
  'Prague',
  'Milan',
  'Edinburgh',
  'Bristol',
  'Toronto',
  'Austin',
  'Boston',
  'Singapore',
  'Tallinn',
  'Brussels',
  'Hamburg',
  'Tel Aviv',
];
const seniorities = ['', 'Senior ', 'Junior ', 'Lead ', 'Staff ', 'Principal '];

/**
 * A large board's companies and investors: about one company per 40 jobs and one investor per
 * 300, named from word lists (distinct), with the demo's own first. Jobs are spread unevenly (a
 * few companies hire a lot), over a year of dates (most of them recent, a few undated), over
 * locations of which a few are common and many are rare.
 */
function largeBoard(r: ReturnType<typeof random>, jobCount: number) {
  const companyCount = Math.max(companyNames.length, Math.ceil(jobCount / 40));
  const investorCount = Math.max(investorNames.length, Math.ceil(jobCount / 300));
  const names = new Set(companyNames);
  for (let index = 0; names.size < companyCount; index++) {
    const prefix = namePrefixes[index % namePrefixes.length];
    const suffix = nameSuffixes[Math.floor(index / namePrefixes.length) % nameSuffixes.length];
    const round = Math.floor(index / (namePrefixes.length * nameSuffixes.length));
    names.add(`${prefix} ${suffix}${round ? ` ${round + 1}` : ''}`);
  }
  const investors = new Set(investorNames);
  for (let index = 0; investors.size < investorCount; index++) {
    const word = investorWords[index % investorWords.length];
    const kind = investorKinds[Math.floor(index / investorWords.length) % investorKinds.length];
    const round = Math.floor(index / (investorWords.length * investorKinds.length));
    investors.add(`${word} ${kind}${round ? ` ${round + 1}` : ''}`);
  }
  return {
    names: [...names],
    investors: [...investors],
    /** Skewed: the first companies hire far more than the last. */
    organizationOf: () => Math.min(companyCount - 1, Math.floor(companyCount * r.next() ** 1.6)),
    location: () => moreLocations[Math.floor(moreLocations.length * r.next() ** 2.2)] ?? 'London',
    /** Days ago, most within weeks, some a year back; about 2% undated. */
    daysAgo: () => (r.next() < 0.02 ? null : 365 * r.next() ** 2.5),
  };
}

/**
 * The demo board, or more jobs of it (`jobs`; the generator is sequential: its first 150 are the
 * demo's). With `realistic`, past the demo's 150 jobs, a board shaped like a real portfolio board
 * instead (`largeBoard`): what `generate:large` makes.
 */
export function generateDemoData(
  options: { jobs?: number; seed?: number; siteUrl?: string; realistic?: boolean } = {},
) {
  const jobCount = options.jobs ?? demoJobCount;
  const r = random(options.seed ?? 20251109);
  const siteUrl = options.siteUrl ?? 'http://localhost:8080';
  const large = options.realistic && jobCount > demoJobCount ? largeBoard(r, jobCount) : null;
  const pool = large?.investors ?? investorNames;

  const organizations: DemoOrganization[] = (large?.names ?? companyNames).map((name, index) => {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const workspace = demoWorkspaces[index % demoWorkspaces.length]?.slug ?? 'demo';
    const investorList = large
      ? Array.from({ length: r.int(1, 6) }, () => pool[Math.floor(pool.length * r.next() ** 1.5)] ?? 'Accel').filter(
          (investor, position, list) => list.indexOf(investor) === position,
        )
      : r.some(investorNames, r.int(1, 7));
    const fundingCase = index % 6;
    const funding: Funding | null =
      fundingCase === 0
        ? null // funding missing
        : fundingCase === 1
          ? {
              total_funding_amount: '0',
              last_round_amount: '0',
              last_round_type: 'Bootstrapped',
              last_round_date: null,
            } // '$0'
          : ((total: number) => ({
              total_funding_amount: `${total}M`,
              last_round_amount: fundingCase === 2 ? null : `${r.int(1, total)}M`,
              last_round_type: r.pick(roundTypes),
              last_round_date: `202${r.int(3, 6)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
            }))(r.int(2, 180));
    const wellFormed = Array.from(
      { length: r.int(2, 4) },
      () => `${r.pick(firstNames)} ${r.pick(lastNames)}, ${r.pick(roles)}, ${r.pick(bios)}`,
    );
    const malformed: unknown[] =
      index % 4 === 0 ? ['Just A Name', ' , , ', 42, null, ', Advisor, Angel investor and former founder'] : [];
    return {
      name,
      jobBoardSlug: slug,
      workspaceSlug: workspace,
      logo: index % 5 === 4 ? null : `/public/logos/${slug}.svg`,
      overview:
        index % 7 === 6
          ? null
          : `${name} is a ${r.pick(['seed-stage', 'Series A', 'fast-growing', 'profitable'])} startup based in ${r.pick(locations)}. We are ${r.int(8, 180)} people and we ship every week.`,
      funding,
      investors:
        index % 8 === 7
          ? null
          : { all: investorList, last_round: investorList.slice(0, r.int(0, Math.min(2, investorList.length))) },
      teamMembers: [...wellFormed, ...malformed],
    };
  });

  const jobs: DemoJob[] = Array.from({ length: jobCount }, (_, index) => {
    const organization = large ? large.organizationOf() : index % organizations.length;
    const company = organizations[organization]?.name ?? 'Company';
    const baseTitle = titles[(index * 7 + Math.floor(index / 20)) % titles.length] ?? 'Engineer';
    const title = large && !/^(Senior|Staff|Head) /.test(baseTitle) ? `${r.pick(seniorities)}${baseTitle}` : baseTitle;
    const salaryCase = index % 6;
    const base = r.int(35, 140) * 1000 + r.pick([0, 500, 250]);
    const [salaryMin, salaryMax] =
      salaryCase === 0
        ? [null, null]
        : salaryCase === 1
          ? [0, 0]
          : salaryCase === 2
            ? [base, null]
            : salaryCase === 3
              ? [null, base]
              : [base, base + r.int(10, 60) * 1000];
    const equityCase = index % 5;
    const equity: Equity | null =
      equityCase === 0
        ? null
        : equityCase === 1
          ? { type: '', percentage: '', cliff_period: ' ', vesting_period: '', additional_details: '' } // all blank
          : equityCase === 2
            ? {
                type: 'Options',
                percentage: '0.1% - 0.25%',
                cliff_period: '',
                vesting_period: '4 years',
                additional_details: ' ',
              } // some blank
            : {
                type: r.pick(['Options', 'EMI options', 'RSUs']),
                percentage: `${(r.int(5, 100) / 100).toFixed(2)}%`,
                cliff_period: '1 year',
                vesting_period: '4 years',
                additional_details: 'Early-exercise available',
              };
    const statusCase = index % 25;
    const status = statusCase === 23 ? 'draft' : statusCase === 24 ? 'closed' : 'published';
    const shownOn = index % 15 === 14 ? 'linkedin' : index % 3 === 0 ? 'both' : 'job_board';
    const urlCase = index % 4;
    const applicationUrl =
      urlCase === 0
        ? IN_SITE_APPLICATION
        : urlCase === 1
          ? `https://careers.${organizations[organization]?.jobBoardSlug ?? 'example'}.example/jobs/${index + 1}`
          : urlCase === 2
            ? null
            : `${siteUrl}/job/__ID__/apply`;
    return {
      organization,
      title:
        index % 37 === 36
          ? `${title} (${r.pick(locations)}), with a title long enough to wrap on a phone screen`
          : title,
      location: index % 11 === 10 ? null : large ? large.location() : r.pick(locations),
      salaryMin,
      salaryMax,
      salaryCurrency: salaryCase === 0 ? null : r.pick(['GBP', 'EUR', 'USD']),
      shortDescription:
        index % 19 === 18
          ? null
          : `Join ${company} as ${/^[AEIOU]/.test(title) ? 'an' : 'a'} ${title} and help us ${r.pick(['scale our platform to the next million users', 'turn a promising product into a category leader', 'build the tools our customers rely on every day', 'make a dent in one of the hardest problems of our time'])}. You will work with a small, senior team, ship often and see the impact of your work in weeks, not years.`,
      description: index % 13 === 12 ? null : description(r, company, title, index),
      jobType: index % 9 === 8 ? null : r.pick(jobTypes),
      workplaceType: r.pick(workplaceTypes),
      level: index % 10 === 9 ? null : r.pick(levels),
      requirements: index % 8 === 7 ? [] : r.some(requirementPool, r.int(2, 4)),
      skills: index % 12 === 11 ? [] : r.some(skillPool, r.int(2, 6)),
      benefits:
        index % 7 === 6
          ? []
          : index % 7 === 5
            ? ['', ...r.some(benefitPool, 2), '   ']
            : r.some(benefitPool, r.int(2, 5)),
      initialProjects: index % 3 === 1 ? r.some(projectPool, r.int(1, 3)) : null,
      applicationUrl,
      equity,
      shownOn,
      status,
      publishedDaysAgo: status === 'draft' ? null : large ? large.daysAgo() : (index * 3) % 60,
    };
  });

  return { workspaces: demoWorkspaces, organizations, jobs };
}
