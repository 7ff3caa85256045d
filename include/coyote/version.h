/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef _COYOTE_VERSION_H
#define _COYOTE_VERSION_H

/* "coyote <build id> (<compiler>) <build date>" (kernel/version.c) */
extern const char linux_banner[];
extern const char coyote_build_id[];
extern const char coyote_compiler[];
extern const char coyote_build_date[];

#endif
