import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const LYNX = process.env.LYNX_PATH ?? '/usr/bin/lynx';

/**
 * Drives a real, interactive lynx in a detached tmux terminal, the way a person would: keystrokes
 * in, the screen read back. Each page is read through lynx's own "Print → Save to a local file"
 * (with every link and form field numbered), and a field is reached by pressing Down from the top of
 * the page as many times as its number says. Nothing is fetched behind lynx's back.
 */
export class Lynx {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'pantry-lynx-'));
  private readonly socket = `pantry-lynx-${process.pid}-${Date.now().toString(36)}`;
  private saves = 0;
  /** The last page lynx saved, as it renders it, and its address. */
  text = '';
  url = '';

  constructor(startUrl: string) {
    const cfg = path.join(this.dir, 'lynx.cfg');
    writeFileSync(
      cfg,
      [
        'INCLUDE:/etc/lynx/lynx.cfg',
        'ACCEPT_ALL_COOKIES:TRUE',
        'SET_COOKIES:TRUE',
        'PERSISTENT_COOKIES:TRUE',
        // Numbers on every link and field, in the saved page and on screen.
        'DEFAULT_KEYPAD_MODE:LINKS_AND_FIELDS_ARE_NUMBERED',
        'CHARACTER_SET:utf-8',
        // No pauses on status messages: a key pressed during one is lost.
        'INFOSECS:0',
        'MESSAGESECS:0',
        'ALERTSECS:0',
        '',
      ].join('\n'),
    );
    const cookies = path.join(this.dir, 'cookies');
    writeFileSync(cookies, '');
    const command = [
      LYNX,
      `-cfg=${cfg}`,
      '-accept_all_cookies',
      `-cookie_file=${cookies}`,
      `-cookie_save_file=${cookies}`,
      '-noreferer',
      '-nopause',
      `'${startUrl}'`,
    ].join(' ');
    this.tmux('new-session', '-d', '-x', '160', '-y', '50', `env TERM=xterm HOME=${this.dir} ${command}`);
  }

  private tmux(...args: string[]) {
    return execFileSync('tmux', ['-L', this.socket, ...args], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  screen() {
    return this.tmux('capture-pane', '-p');
  }

  keys(...keys: string[]) {
    this.tmux('send-keys', '-t', '0', ...keys);
  }

  /** Types text literally (no key names). */
  type(text: string) {
    this.tmux('send-keys', '-t', '0', '-l', text);
  }

  /** Waits until lynx has finished loading and the screen has settled. */
  async settle(timeoutMs = 20_000) {
    const busy =
      /Getting |Using |Looking up|Making HTTP|Sending HTTP|waiting for response|Data transfer|Reading|Loading/;
    const deadline = Date.now() + timeoutMs;
    let last = '';
    let stableSince = Date.now();
    while (Date.now() < deadline) {
      await sleep(80);
      const now = this.screen();
      if (now !== last) {
        last = now;
        stableSince = Date.now();
        continue;
      }
      const status = now.trimEnd().split('\n').slice(-3).join('\n');
      if (!busy.test(status) && Date.now() - stableSince >= 300) return;
    }
    throw new Error(`lynx did not settle:\n${last}`);
  }

  /** Saves the current page through lynx's print menu and returns its text. */
  async read(): Promise<string> {
    await this.settle();
    const file = path.join(this.dir, `page-${++this.saves}.txt`);
    // A key pressed while lynx is still between a redirect and its page can be lost: ask again.
    for (let attempt = 1; ; attempt++) {
      this.keys('p');
      try {
        await this.waitFor(/Printing Options/, 4_000);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await this.settle();
      }
    }
    this.url = /Document: (\S+)/.exec(this.screen())?.[1] ?? '';
    this.keys('Enter'); // [1] Save to a local file
    await this.waitFor(/Enter a filename:/);
    this.keys('C-u');
    this.type(file);
    this.keys('Enter');
    const deadline = Date.now() + 10_000;
    const saved = async () => {
      for (let text = savedText(file); ; text = savedText(file)) {
        if (text !== '') return text;
        if (Date.now() > deadline) throw new Error(`lynx did not save the page:\n${this.screen()}`);
        await sleep(100);
      }
    };
    await saved();
    await sleep(200);
    this.text = await saved();
    await this.settle();
    // lynx usually returns to the page by itself after saving; if the print menu is still up, go back.
    if (/Printing Options/.test(this.screen().split('\n')[0] ?? '')) {
      this.keys('Left');
      await this.settle();
    }
    return this.text;
  }

  private async waitFor(pattern: RegExp, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (pattern.test(this.screen())) return;
      await sleep(100);
    }
    throw new Error(`lynx never showed ${pattern}:\n${this.screen()}`);
  }

  /** The number lynx gives the link or field whose rendered text matches `pattern` (first match). */
  numberOf(pattern: RegExp): number {
    const match = this.text.match(pattern);
    if (!match || match.index === undefined) throw new Error(`no ${pattern} on the page:\n${this.text}`);
    // The number is the last [N] at or before the match's end.
    const before = this.text.slice(0, match.index + match[0].length);
    const numbers = [...before.matchAll(/\[(\d+)\]/g)];
    if (numbers.length === 0) throw new Error(`no link before ${pattern}`);
    return Number(numbers[numbers.length - 1]![1]);
  }

  /** lynx's status line (the third line from the bottom): what the selected link or field is. */
  private status() {
    return this.screen().trimEnd().split('\n').slice(-3)[0] ?? '';
  }

  /**
   * Selects link or field `n` of the current page with lynx's own "number + g" jump. Digits typed in a
   * text field are text, so first step off one (Down leaves a field; a form's next field is rarely
   * another text field, and the loop handles it when it is).
   */
  async goTo(n: number) {
    for (let i = 0; i < 5 && /Enter text|entry field|Textarea/i.test(this.status()); i++) {
      this.keys('Down');
      await this.settle();
    }
    this.type(String(n));
    await this.waitFor(new RegExp(`Follow link \\(or goto link or page\\) number: ${n}`));
    this.type('g'); // "go": select it without following it
    await this.settle();
    if (/Follow link/.test(this.status())) {
      this.keys('Enter');
      await this.settle();
    }
  }

  /** The address of link `n` from the saved page's list of references. */
  referenceOf(n: number): string {
    const match = new RegExp(`^\\s*${n}\\. (\\S+)$`, 'm').exec(this.text.slice(this.text.lastIndexOf('References')));
    if (!match) throw new Error(`link ${n} has no reference`);
    return match[1]!;
  }

  /** Moves to the field matching `pattern` and, for a text field, types `text` (replacing what is there). */
  async fill(pattern: RegExp, text: string) {
    await this.goTo(this.numberOf(pattern));
    this.keys('C-u');
    this.type(text);
    await this.settle();
  }

  /** Moves to the link or button matching `pattern` (or numbered `n`) and activates it (Enter), then reads the page. */
  async activate(pattern: RegExp | number) {
    await this.goTo(typeof pattern === 'number' ? pattern : this.numberOf(pattern));
    this.keys('Enter');
    return this.read();
  }

  /** Opens a URL with lynx's G)o command. */
  async open(url: string) {
    this.keys('g');
    await this.waitFor(/URL to open:/);
    this.keys('C-u');
    this.type(url);
    this.keys('Enter');
    return this.read();
  }

  /** Quits lynx (saving its cookies) and removes its folder. */
  close() {
    try {
      this.keys('Q');
    } catch {
      // already gone
    }
    try {
      this.tmux('kill-server');
    } catch {
      // the session ended with lynx
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * The page lynx saved, or '' while it is not there yet. lynx can replace the file while it writes it: seen in CI,
 * existsSync said yes and the read just after failed with ENOENT.
 */
function savedText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
