/** The board's mark, a white F on a rounded square of the brand's colour: the header's logo and the preview cards draw it. */
export const logoMark = { viewBox: '0 0 32 32', path: 'M10 22V10h12M10 16h8' } as const;
