import { describe, expect, it } from 'vitest';
import { classesIn, cssRules, withoutUnusedRules } from './unused-css.ts';

const prune = (css: string, markup: string) => withoutUnusedRules(cssRules(css), classesIn(markup)).join('');

describe('withoutUnusedRules', () => {
  const markup = '<div class="card plain"><a class="link" href="/r">x</a></div>';

  it('keeps a rule whose classes the markup has, and drops one it lacks', () => {
    expect(prune('.card{color:red}.invalid{color:blue}', markup)).toBe('.card{color:red}');
    expect(prune('.card .link:hover{color:red}.card .error svg{margin:0}', markup)).toBe(
      '.card .link:hover{color:red}',
    );
  });

  it('keeps the selectors of a list that can match, and rules with no class at all', () => {
    expect(prune('.card,.dialog{gap:0}', markup)).toBe('.card{gap:0}');
    expect(prune('a[href]{color:red}html[data-theme=dark] .card{color:#fff}', markup)).toBe(
      'a[href]{color:red}html[data-theme=dark] .card{color:#fff}',
    );
  });

  it('never requires the classes inside parentheses or attribute values', () => {
    expect(prune('.card:not(.open){opacity:1}', markup)).toBe('.card:not(.open){opacity:1}');
    expect(prune('.card:is(.a, .b){opacity:1}', markup)).toBe('.card:is(.a, .b){opacity:1}');
    expect(prune('a[href$=".pdf"]{color:red}', markup)).toBe('a[href$=".pdf"]{color:red}');
  });

  it('prunes inside @media, drops an emptied block, and keeps other at-rules whole', () => {
    expect(prune('@media (min-width:40em){.card{gap:1px}.menu{gap:2px}}', markup)).toBe(
      '@media (min-width:40em){.card{gap:1px}}',
    );
    expect(prune('@media print{.menu{gap:2px}}', markup)).toBe('');
    expect(prune('@keyframes spin{to{transform:rotate(1turn)}}', markup)).toBe(
      '@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });
});
