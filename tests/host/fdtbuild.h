/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Builds small blobs by hand, token by token, so a test can make exactly the
 * defect it wants (an unterminated name, a bad name offset, no FDT_END...)
 * where dtc would refuse to.  Layout as dtc writes it: header, reservation
 * map, structure block, strings block.
 */
#ifndef _TESTS_HOST_FDTBUILD_H
#define _TESTS_HOST_FDTBUILD_H

#include <stdint.h>
#include <string.h>

struct fdtb {
	uint8_t strct[16384];
	uint32_t slen;
	char strings[4096];
	uint32_t strlen_;
	uint64_t rsv[16][2];
	int nrsv;
	/* the finished blob */
	uint8_t out[24576] __attribute__((aligned(8)));
	uint32_t size;
	uint32_t off_rsv, off_struct, off_strings;
};

static inline void fdtb_put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static inline uint32_t fdtb_get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void fdtb_init(struct fdtb *b)
{
	memset(b, 0, sizeof(*b));
}

static inline void fdtb_raw32(struct fdtb *b, uint32_t v)
{
	fdtb_put32(b->strct + b->slen, v);
	b->slen += 4;
}

/* Bytes, padded with zeros to a multiple of 4. */
static inline void fdtb_bytes(struct fdtb *b, const void *d, uint32_t len)
{
	memcpy(b->strct + b->slen, d, len);
	b->slen += len;
	while (b->slen % 4)
		b->strct[b->slen++] = 0;
}

static inline void fdtb_begin(struct fdtb *b, const char *name)
{
	fdtb_raw32(b, 1);
	fdtb_bytes(b, name, (uint32_t)strlen(name) + 1);
}

static inline void fdtb_end(struct fdtb *b)
{
	fdtb_raw32(b, 2);
}

static inline void fdtb_finish_tree(struct fdtb *b)
{
	fdtb_raw32(b, 9);
}

static inline uint32_t fdtb_string(struct fdtb *b, const char *s)
{
	uint32_t off = b->strlen_;

	memcpy(b->strings + off, s, strlen(s) + 1);
	b->strlen_ += (uint32_t)strlen(s) + 1;
	return off;
}

static inline void fdtb_prop_off(struct fdtb *b, uint32_t nameoff,
				 const void *val, uint32_t len)
{
	fdtb_raw32(b, 3);
	fdtb_raw32(b, len);
	fdtb_raw32(b, nameoff);
	fdtb_bytes(b, val, len);
}

static inline void fdtb_prop(struct fdtb *b, const char *name, const void *val,
			     uint32_t len)
{
	fdtb_prop_off(b, fdtb_string(b, name), val, len);
}

static inline void fdtb_prop_u32(struct fdtb *b, const char *name, uint32_t v)
{
	uint8_t c[4];

	fdtb_put32(c, v);
	fdtb_prop(b, name, c, 4);
}

static inline void fdtb_prop_str(struct fdtb *b, const char *name, const char *s)
{
	fdtb_prop(b, name, s, (uint32_t)strlen(s) + 1);
}

/* Lays the blob out in b->out; returns its size (also in b->size). */
static inline uint32_t fdtb_finish(struct fdtb *b)
{
	uint8_t *o = b->out;
	uint32_t off = 40;
	int i;

	memset(o, 0, sizeof(b->out));
	b->off_rsv = off;
	for (i = 0; i < b->nrsv; i++, off += 16) {
		fdtb_put32(o + off, (uint32_t)(b->rsv[i][0] >> 32));
		fdtb_put32(o + off + 4, (uint32_t)b->rsv[i][0]);
		fdtb_put32(o + off + 8, (uint32_t)(b->rsv[i][1] >> 32));
		fdtb_put32(o + off + 12, (uint32_t)b->rsv[i][1]);
	}
	off += 16;                      /* the terminating entry */
	b->off_struct = off;
	memcpy(o + off, b->strct, b->slen);
	off += b->slen;
	b->off_strings = off;
	memcpy(o + off, b->strings, b->strlen_);
	off += b->strlen_;
	b->size = off;
	fdtb_put32(o + 0, 0xd00dfeed);
	fdtb_put32(o + 4, b->size);
	fdtb_put32(o + 8, b->off_struct);
	fdtb_put32(o + 12, b->off_strings);
	fdtb_put32(o + 16, b->off_rsv);
	fdtb_put32(o + 20, 17);
	fdtb_put32(o + 24, 16);
	fdtb_put32(o + 28, 0);
	fdtb_put32(o + 32, b->strlen_);
	fdtb_put32(o + 36, b->slen);
	return b->size;
}

#endif
