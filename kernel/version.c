// SPDX-License-Identifier: BSD-2-Clause
/*
 * Who built this image, from what, with what.  The build writes
 * build/include/generated/compile.h (scripts/Makefile.kernel) and only
 * rewrites it when the git description or the compiler changes, so this
 * file, and with it the date below, changes only when the build id does.
 */
#include <generated/compile.h>
#include <coyote/shell.h>
#include <coyote/version.h>

const char coyote_build_id[] = COYOTE_BUILD_ID;
const char coyote_compiler[] = COYOTE_COMPILER;
const char coyote_build_date[] = __DATE__ " " __TIME__;
const char linux_banner[] = "coyote " COYOTE_BUILD_ID " (" COYOTE_COMPILER ") " __DATE__ " "
			    __TIME__;

static int cmd_version(int argc, char **argv)
{
	printf("coyote %s\n", coyote_build_id);
	printf("compiler: %s\n", coyote_compiler);
	printf("built:    %s\n", coyote_build_date);
	return 0;
}
SHELL_COMMAND(version, cmd_version, "version", "build id, compiler and build date",
	      .topic = TOPIC_SYSTEM,
	      .example = "version");
