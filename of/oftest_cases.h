/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The OF cases both sides run on tests/dts/host/oftest.dts (of/oftest_cases.c):
 * the host's test_oftest with the tree unflattened, the kernel's of suite
 * with it swapped in.
 */
#ifndef _OF_OFTEST_CASES_H
#define _OF_OFTEST_CASES_H

struct kunit;

struct oftest_case {
	const char *name;
	void (*run)(struct kunit *);
};

/* Ends with an empty entry. */
extern const struct oftest_case oftest_cases[];
unsigned int oftest_case_count(void);
const char *oftest_case_name(unsigned int i);

#endif
