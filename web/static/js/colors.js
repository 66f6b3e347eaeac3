// Suit colours as sRGB triples, and the text that reads on them: whichever
// of near-black and white contrasts more, with the colour darkened until
// that text reaches WCAG AA (4.5:1) when neither does.

const HEX = {
  red: '#d7263d', yellow: '#f4c20d', green: '#1e9e4a', blue: '#2d6cdf', white: '#f4f1ea',
  purple: '#8a4fd1', pink: '#f279b0', orange: '#f08a24', black: '#2b2b2b', brown: '#8b5a2b',
  teal: '#169c9c', gray: '#8d8d8d', grey: '#8d8d8d', cyan: '#27b5d9', magenta: '#c2188f',
  tan: '#cfa97a', navy: '#1f3a73', maroon: '#7a1f2b', lime: '#8cc63f',
};

export const DARK_INK = [17, 17, 17];
export const LIGHT_INK = [255, 255, 255];

function fromHex(h) {
  return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
}

function fromHsl(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function hue(name) {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

export function luminance([r, g, b]) {
  const c = (v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
}

export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const css = (rgb) => `rgb(${rgb.map(Math.round).join(' ')})`;

// baseRGB is a suit's colour before any text is considered.
export function baseRGB(name) {
  const base = name.replace(/^(dark|light|muddy|cocoa)-/, '');
  const hex = HEX[base] || HEX[name.split('-')[0]];
  let rgb = hex ? fromHex(hex) : fromHsl(hue(name), 0.6, 0.45);
  if (name.startsWith('dark-')) rgb = rgb.map((v) => v * 0.7);
  return rgb;
}

// paint is a suit's background and text colour, AA between them.
export function paint(name) {
  let rgb = baseRGB(name);
  for (let i = 0; i < 20; i++) {
    const dark = contrast(rgb, DARK_INK) >= contrast(rgb, LIGHT_INK);
    const ink = dark ? DARK_INK : LIGHT_INK;
    if (contrast(rgb, ink) >= 4.5) return { bg: css(rgb), ink: css(ink), dark };
    rgb = rgb.map((v) => v * 0.92); // darker until white text reads
  }
  return { bg: css(rgb), ink: css(LIGHT_INK), dark: false };
}
