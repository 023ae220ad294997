#!/usr/bin/env python3
#
# Copyright (c) 2026 The postmark developers.
#
# Permission to use, copy, modify, and distribute this software for any
# purpose with or without fee is hereby granted, provided that the above
# copyright notice and this permission notice appear in all copies.
#
# THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
# WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
# MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
# ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
# WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
# ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
# OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
#
# Generate the configs of the differential tests (tests/diff/gen.list).
# The list is committed; regenerate it with
#
#	python3 tests/diff/gen-configs.py --seed 20260130 -n 48 \
#	    >tests/diff/gen.list
#
# Coverage is forced by cycling, the rest is random: every bias -1..10 on
# both halves, subdirectories unset/1/N, one location or 2-4 weighted ones,
# read/write blocks including 1 and larger than the biggest file, stdio and
# raw I/O, fixed and tiny sizes, verbose and terse reports, and a share of
# out-of-files and full-table configs.  Each config's cost is bounded (files
# touched, bytes, raw I/O system calls) so that the whole list runs through
# both binaries in well under a minute per part on a small machine.
#
# Output: one config a line, NAME TAB KIND TAB `set' lines joined by `;'.

import argparse
import random

BIASES = list(range(-1, 11))
MAX_OPS = 24000			# files created + transactions
MAX_BYTES = 40 << 20		# bytes moved, roughly
MAX_RAW_CALLS = 150000		# raw read(2)/write(2) calls, roughly


def cost(c):
    """Rough cost of a config: (operations, bytes, raw I/O calls)."""
    ops = c['number'] + c['transactions']
    avg = (c['low'] + c['high']) / 2.0
    nbytes = ops * avg * 1.5
    calls = 0
    if not c['buffering']:
        calls = nbytes / min(c['read'], c['write']) + ops * 4
    return ops, nbytes, calls


def keeps_files(c):
    """Whether a config is unlikely to run out of files."""
    if c['bc'] < 0:
        return True
    t = c['transactions']
    drift = t * (10 - 2 * c['bc']) / 10.0
    return c['number'] >= drift + 3 * t ** 0.5 + 5


def sizes(rng, i):
    """File size bounds, cycling through fixed, tiny, small, usual, big."""
    kind = i % 6
    if kind == 0:				# fixed
        low = rng.choice([1, 7, 100, 512, 4096, rng.randint(1, 20000)])
        return low, low
    if kind == 1:				# tiny
        low = rng.randint(1, 10)
        return low, low + rng.randint(1, 30)
    if kind == 2:
        low = rng.randint(1, 1000)
        return low, low + rng.randint(1, 4000)
    if kind == 3:
        return 500, 10000
    if kind == 4:				# big
        low = rng.randint(1000, 20000)
        return low, low + rng.randint(1000, 100000)
    low = rng.randint(1, 5000)
    return low, low + rng.randint(0, 20000)


def block(rng, i, high, off):
    """A read or write block size: 1, small, usual, or above HIGH."""
    kind = (i + off) % 5
    if kind == 0:
        return 1
    if kind == 1:
        return rng.randint(2, 100)
    if kind == 2:
        return rng.choice([512, 1024, 4096, 8192])
    if kind == 3:
        return high + rng.randint(1, 5000)	# larger than any file
    return rng.randint(100, 20000)


def make(rng, i):
    c = {}
    c['name'] = 'g%02d' % (i + 1)
    c['kind'] = ['plain', 'plain', 'outoffiles', 'plain', 'fulltable',
        'plain'][i % 6]
    c['seed'] = rng.choice([1, 2147483647, rng.randint(1, 100),
        rng.randint(1, 2147483647), rng.randint(1, 2147483647)])
    c['low'], c['high'] = sizes(rng, i // 6 + i)
    c['fixed'] = c['low'] == c['high']
    c['br'] = BIASES[i % 12]
    c['bc'] = BIASES[(i * 5 + 7) % 12]
    if c['kind'] == 'outoffiles':
        c['number'] = rng.randint(1, 30)
        c['transactions'] = rng.randint(100, 3000)
        c['bc'] = rng.randint(0, 3)
    elif c['kind'] == 'fulltable':
        c['number'] = rng.randint(1, 400)
        c['transactions'] = rng.randint(2000, 12000)
        c['bc'] = rng.randint(8, 10)
    else:
        c['number'] = rng.choice([1, 2, rng.randint(1, 100),
            rng.randint(100, 2000), rng.randint(1000, 5000)])
        c['transactions'] = rng.choice([10, 11, 19, 25, 99, 101,
            rng.randint(10, 2000), rng.randint(2000, 20000), 20000])
    c['read'] = block(rng, i, c['high'], 0)
    c['write'] = block(rng, i, c['high'], 2)
    c['buffering'] = (i // 2) % 2 == 0
    c['subdirs'] = [0, 1, rng.randint(2, 30)][(i // 2) % 3]
    nloc = [1, 1, 2, 3, 4][i % 5]
    c['locs'] = [(chr(ord('A') + k), rng.randint(1, 5)) for k in range(nloc)]
    c['weighted_single'] = nloc == 1 and rng.random() < 0.5
    c['terse'] = i % 7 == 3
    # Bound the cost, and keep plain configs from running out of files:
    # too many operations shrink the counts; too many bytes or raw calls
    # shrink the sizes first (down to 64 bytes), then the counts; a pool
    # below the expected drift of deletes over creates plus three
    # deviations grows the number of files (up to 5000), then shrinks the
    # transactions.
    for _ in range(1000):
        ops, nbytes, calls = cost(c)
        heavy = nbytes > MAX_BYTES or calls > MAX_RAW_CALLS
        if heavy and c['high'] > 64:
            c['high'] = max(64, c['high'] // 2)
            c['low'] = min(c['low'], c['high'])
            if c['low'] > 1 and c['low'] == c['high'] and not c['fixed']:
                c['low'] = c['high'] // 2
        elif heavy or ops > MAX_OPS:
            if c['transactions'] > 10:
                c['transactions'] = max(10, c['transactions'] // 2)
            if c['number'] > c['transactions']:
                c['number'] = max(1, c['number'] // 2)
        elif c['kind'] == 'plain' and not keeps_files(c):
            if c['number'] < 5000:
                c['number'] = min(5000, max(c['number'] * 3 // 2,
                    c['number'] + 10))
            else:
                c['transactions'] = max(10, c['transactions'] * 2 // 3)
        else:
            break
    else:
        raise SystemExit('%s: cannot bound the cost' % c['name'])
    return c


def lines(c):
    name = c['name']
    out = []
    for k, (loc, w) in enumerate(c['locs']):
        if len(c['locs']) == 1:
            if c['weighted_single']:
                out.append('set location %s/%s %d' % (name, loc, w))
            else:
                out.append('set location %s/%s' % (name, loc))
        else:
            out.append('set location %s%s/%s %d' %
                ('+' if k else '', name, loc, w))
    out.append('set number %d' % c['number'])
    out.append('set transactions %d' % c['transactions'])
    if c['low'] == c['high'] and c['low'] % 2:
        out.append('set size %d' % c['low'])
    else:
        out.append('set size %d %d' % (c['low'], c['high']))
    out.append('set seed %d' % c['seed'])
    out.append('set read %d' % c['read'])
    out.append('set write %d' % c['write'])
    out.append('set bias read %d' % c['br'])
    out.append('set bias create %d' % c['bc'])
    out.append('set buffering %s' % ('true' if c['buffering'] else 'false'))
    if c['subdirs']:
        out.append('set subdirectories %d' % c['subdirs'])
    if c['terse']:
        out.append('set report terse')
    return ';'.join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--seed', type=int, default=20260130)
    ap.add_argument('-n', type=int, default=48)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print('# Generated by tests/diff/gen-configs.py --seed %d -n %d; do not '
        'edit.' % (args.seed, args.n))
    print('# NAME TAB KIND TAB config lines joined by ";" '
        '(run and quit follow).')
    for i in range(args.n):
        c = make(rng, i)
        print('%s\t%s\t%s' % (c['name'], c['kind'], lines(c)))


if __name__ == '__main__':
    main()
