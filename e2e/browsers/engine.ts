/** One real browser driven by the cross-browser suite, whatever the protocol underneath. */
export interface Engine {
  /** 'Firefox ESR' or 'WebKitGTK', and the version the browser reports. */
  label: string;
  /** Whether the page's own scripts run. */
  scripts: boolean;
  /** The layout viewport once sized to the smallest width the browser allows. */
  viewport: { width: number; height: number };
  /** Navigates and waits for the load event. */
  open(url: string): Promise<void>;
  /** Evaluates a JavaScript expression in the page (even with the page's scripts off) and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** A real click (the browser's input events) at the centre of the element, scrolled into view. */
  click(selector: string): Promise<void>;
  /** Real key presses into the element, then Enter when `enter`. */
  type(selector: string, text: string, options?: { enter?: boolean }): Promise<void>;
  /** The page's console errors and uncaught errors since the last call. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

/** The smallest phone width the suite asks for: an iPhone's 375 px (WebKitGTK's window cannot be that narrow). */
export const phone = { width: 375, height: 812 };
