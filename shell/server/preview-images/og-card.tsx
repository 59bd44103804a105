import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brand } from '@board/shared/lib/brand';
import { companyMark } from '@board/shared/lib/company-mark';
import { Resvg } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import { logoMark } from '../../src/features/layout/logo-mark';
import { type OgCardData, ogCardSize } from './og-image';
import { encodePng } from './png-encode';
import { hslToHex, themeColors } from './theme-colors';

const packageFile = createRequire(import.meta.url).resolve;
let fonts: Font[] | undefined;

/**
 * Inter, from @fontsource/inter's WOFF files (satori reads TTF, OTF and WOFF, not WOFF2): Latin
 * and Latin Extended, so names like "Łódź" or "Señor" are drawn; a letter of another script is drawn
 * as an empty box. Read once.
 */
function interFonts(): Font[] {
  fonts ??= (['latin', 'latin-ext'] as const).flatMap((subset) =>
    ([400, 600, 700] as const).map((weight) => ({
      // Two names: satori falls back from one family to the next for a glyph, not within one.
      name: subset === 'latin' ? 'Inter' : 'Inter Latin Extended',
      weight,
      style: 'normal' as const,
      data: readFileSync(packageFile(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
    })),
  );
  return fonts;
}

/** Long titles get smaller type, so three lines hold nearly any title; the rest is cut with an ellipsis. */
function titleSize(title: string): number {
  if (title.length <= 24) return 80;
  if (title.length <= 44) return 68;
  return 56;
}

const dataUri = (bytes: Uint8Array) =>
  `data:${bytes[0] === 0xff ? 'image/jpeg' : 'image/png'};base64,${Buffer.from(bytes).toString('base64')}`;

function Mark({ data, size }: { data: OgCardData; size: number }) {
  const colors = themeColors();
  const box = {
    width: size,
    height: size,
    borderRadius: size * 0.22,
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  } as const;
  if (data.mark === 'board') return <BoardMark size={size} />;
  if (data.logo)
    return (
      <div
        style={{
          ...box,
          background: 'white',
          border: `2px solid ${colors.line}`,
        }}
      >
        <img
          src={dataUri(data.logo)}
          width={size * 0.75}
          height={size * 0.75}
          style={{ objectFit: 'contain', objectPosition: 'center' }}
          alt=""
        />
      </div>
    );
  const mark = companyMark(data.company);
  return (
    <div
      style={{
        ...box,
        background: hslToHex(mark.hue, 55, 40),
        color: 'white',
        fontSize: size * 0.4,
        fontWeight: 700,
      }}
    >
      {mark.initials}
    </div>
  );
}

/** The board's logo (shell/src/features/layout/logo.tsx): a white F on the brand's colour. */
function BoardMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox={logoMark.viewBox} style={{ flexShrink: 0 }}>
      <title>{brand.product}</title>
      <rect width="32" height="32" rx="8" fill={themeColors()['brand-600']} />
      <path d={logoMark.path} stroke="white" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

function Card({ data }: { data: OgCardData }) {
  const colors = themeColors();
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        background: colors.surface,
        fontFamily: 'Inter',
        color: colors.ink,
        borderTop: `14px solid ${colors['brand-600']}`,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: '56px 72px 0' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 28 }}>
          <Mark data={data} size={96} />
          <div style={{ display: 'flex', fontSize: 40, fontWeight: 600, color: colors.muted, lineClamp: 1 }}>
            {data.company}
          </div>
        </div>
        <div
          style={{
            display: 'block',
            marginTop: 36,
            fontSize: titleSize(data.title),
            fontWeight: 700,
            lineHeight: 1.12,
            letterSpacing: '-0.02em',
            lineClamp: 3,
          }}
        >
          {data.title}
        </div>
        {data.description ? (
          <div style={{ display: 'block', marginTop: 20, fontSize: 34, color: colors.muted, lineClamp: 2 }}>
            {data.description}
          </div>
        ) : null}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginTop: 'auto', paddingBottom: 40 }}>
          {data.facts.map((fact) => {
            const strong = fact === data.highlight;
            return (
              <div
                key={fact}
                style={{
                  display: 'flex',
                  padding: '10px 24px',
                  borderRadius: 999,
                  fontSize: 32,
                  fontWeight: strong ? 700 : 600,
                  background: strong ? colors['brand-50'] : 'white',
                  color: strong ? colors['brand-700'] : colors.ink,
                  border: `2px solid ${strong ? colors['brand-100'] : colors.line}`,
                }}
              >
                {fact}
              </div>
            );
          })}
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '0 72px',
          height: 104,
          background: 'white',
          borderTop: `2px solid ${colors.line}`,
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, fontSize: 32, fontWeight: 700 }}>
          <BoardMark size={48} />
          {brand.product}
        </div>
        <div style={{ display: 'flex', fontSize: 28, fontWeight: 600, color: colors['brand-700'] }}>{data.site}</div>
      </div>
    </div>
  );
}

/**
 * A preview card as PNG bytes (1200×630): satori lays out and draws it as SVG, resvg rasterises
 * it, encodePng writes the PNG (the card is opaque: its background covers it).
 */
export async function renderOgCard(data: OgCardData): Promise<Uint8Array> {
  const svg = await satori(<Card data={data} />, { ...ogCardSize, fonts: interFonts() });
  const image = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render();
  return encodePng(image.pixels, image.width, image.height);
}
