/**
 * Call 1's searches the API's benches time (`bench:search`, and `bench:live`'s repeated searches):
 * every filter, both sorts, a workspace's, the saved jobs' ids, one that finds nothing, where the
 * seeker can work from (with the remote jobs that do not say listed last) and visa sponsorship.
 */
export const benchSearches: readonly string[] = [
  'limit=25',
  'limit=25&sort=salary',
  'limit=25&title=engineer',
  'limit=25&title=engineer&workplace=Remote,Hybrid',
  'limit=25&title=designer&sort=salary',
  'limit=25&investor=Accel',
  'limit=25&investor=Summit%20Capital&sort=salary',
  'limit=25&salary_min_k=80&salary_max_k=120',
  'limit=25&salary_min_k=130&sort=salary',
  'limit=25&location=london&job_type=full-time',
  'limit=25&location=tallinn',
  'limit=25&posted_within=7d&level=senior',
  'limit=25&posted_within=24h',
  'limit=25&title=zzz',
  'limit=25&workspace_slug=demo&title=product',
  'limit=25&workspace_slug=fintech-guild&sort=salary',
  'limit=25&ids=1,50,500,5000,50000,99999',
  'limit=25&from=DE',
  'limit=25&from=US&sort=salary',
  'limit=25&from=BR&visa=1',
  'limit=25&visa=1&title=engineer',
];
