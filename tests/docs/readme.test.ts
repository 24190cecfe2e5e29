/**
 * Issue #47: the README stays a newcomer's five-minute read, and no link in it or in docs/ leads
 * nowhere. A README that grows back past its budget, or a page or heading that moves without its
 * links, fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** The README's budget in lines (issue #47): details go to docs/. */
const README_LINES = 150;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchorsIn(path: string): Set<string> {
  const text = readFileSync(path, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** The relative links of a markdown file (code blocks and spans left out): target and anchor. */
function linksIn(path: string): { target: string; anchor?: string }[] {
  const text = readFileSync(path, 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => {
      const [target, anchor] = href.split('#');
      return { target: target!, ...(anchor === undefined ? {} : { anchor }) };
    });
}

describe('the README and docs/', () => {
  it(`the README is at most ${README_LINES} lines, with the commands to play and to test near the top`, () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_LINES);
    const lines = readme.split('\n');
    expect(lines.indexOf('npm start')).toBeGreaterThan(0);
    expect(lines.indexOf('npm start')).toBeLessThan(30);
    expect(lines.indexOf('npm test')).toBeLessThan(45);
  });

  it('docs/computer.md holds what a player and a contributor need in at most 250 lines (issue #47); experiments go to docs/lab/', () => {
    expect(readFileSync(join(ROOT, 'docs/computer.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('every relative link in README.md and docs/ leads to a file that exists, and to a heading it has', () => {
    const dead: string[] = [];
    for (const file of [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))]) {
      for (const { target, anchor } of linksIn(file)) {
        const to = target === '' ? file : resolve(dirname(file), target);
        const where = `${relative(ROOT, file)} → ${target}${anchor === undefined ? '' : `#${anchor}`}`;
        if (!existsSync(to)) dead.push(where);
        else if (anchor !== undefined && to.endsWith('.md') && !anchorsIn(to).has(anchor)) dead.push(`${where} (no such heading)`);
      }
    }
    expect(dead).toEqual([]);
  });
});
