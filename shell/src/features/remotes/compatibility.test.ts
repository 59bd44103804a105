import { describe, expect, it } from 'vitest';
import { incompatibilities } from './compatibility';

const provided = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router': '7.18.5', '@board/shared': '0.1.0' };

describe('incompatibilities', () => {
  it('accepts requirements the shell satisfies, deep imports included', () => {
    expect(
      incompatibilities(
        [
          { name: 'react', singleton: true, requiredVersion: '^19.0.0' },
          { name: 'react/jsx-runtime', singleton: true, requiredVersion: '^19.3.1' },
          { name: 'react-dom/client', singleton: true, requiredVersion: '^19.1.0' },
          { name: '@board/shared/ui/button', singleton: true, requiredVersion: '^0.1.0' },
          { name: 'lodash', singleton: true, requiredVersion: '^4.0.0' },
          { name: 'react', singleton: false, requiredVersion: '^18.0.0' },
        ],
        provided,
      ),
    ).toEqual([]);
  });

  it('names each singleton requirement the shell cannot meet', () => {
    expect(
      incompatibilities(
        [
          { name: 'react/jsx-runtime', singleton: true, requiredVersion: '^20.0.0' },
          { name: 'react-router', singleton: true, requiredVersion: '^8.0.0' },
          { name: 'react-dom', singleton: true, requiredVersion: false },
        ],
        provided,
      ),
    ).toEqual([
      'react/jsx-runtime ^20.0.0 (the shell provides 19.3.1)',
      'react-router ^8.0.0 (the shell provides 7.18.5)',
    ]);
  });
});
