// SPDX-License-Identifier: BSD-2-Clause
/*
 * The OF API against coyote's own test tree (tests/dts/host/oftest.dts):
 * the cases of of/oftest_cases.c, which the kernel's of suite runs too,
 * here on the host, every check a KTAP result of its own.
 */
#include <stdlib.h>

#include <linux/of_fdt.h>

#include "ktap.h"
#include "../../of/oftest_cases.h"

int main(void)
{
	size_t size;
	void *blob = ktap_load("oftest.dtb", &size);

	if (!blob)
		return ktap_done();
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(blob, size, NULL, 0), 0, "unflatten oftest.dtb");
	for (const struct oftest_case *c = oftest_cases; c->name; c++)
		c->run(test);
	free(blob);
	return ktap_done();
}
