// SPDX-License-Identifier: BSD-2-Clause
/*
 * The `date` shell command: the time of the first RTC (rtc0) in ISO 8601
 * UTC, and `date -s` to set it (and the system clock); `date -f rtcN` reads
 * another RTC, as hwclock -f /dev/rtcN does.
 */
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/rtc.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/shell.h>

#define DATE_USAGE "date [-s YYYY-MM-DDTHH:MM:SS[Z] | -f rtcN]"

static int date_show(int idx)
{
	struct rtc_device *rtc = rtc_class_find(idx);
	struct rtc_time tm;
	char buf[24];
	time64_t now;
	int ret;

	if (rtc) {
		ret = rtc_read_time(rtc, &tm);
		if (ret) {
			printf("date: %s: cannot read the time: %s\n", rtc->name, errname(ret));
			return ret;
		}
	} else if (idx) {
		printf("date: no rtc%d (ENODEV)\n", idx);
		return -ENODEV;
	} else {
		now = ktime_get_real_seconds();
		if (now < 0) {
			printf("date: no RTC registered and the system clock was never set (ENODEV)\n");
			return -ENODEV;
		}
		rtc_time64_to_tm(now, &tm);
	}
	rtc_format_iso8601(&tm, buf, sizeof(buf));
	printf("%s\n", buf);
	return 0;
}

static int date_set(const char *arg)
{
	struct rtc_device *rtc = rtc_class_find(0);
	struct rtc_time tm;
	int ret;

	if (rtc_parse_iso8601(arg, &tm)) {
		printf("date: '%s' is not a valid UTC time; clock unchanged\nusage: %s\n",
		       arg, DATE_USAGE);
		return -EINVAL;
	}
	if (rtc) {
		ret = rtc_set_time(rtc, &tm);
		if (ret) {
			printf("date: %s refused the time: %s; clock unchanged\n",
			       rtc->name, errname(ret));
			return ret;
		}
	}
	timekeeping_set_real_seconds(rtc_tm_to_time64(&tm));
	return date_show(0);
}

static int cmd_date(int argc, char **argv)
{
	if (argc == 1)
		return date_show(0);
	if (argc == 3 && !strcmp(argv[1], "-f") && !strncmp(argv[2], "rtc", 3) &&
	    argv[2][3] >= '0' && argv[2][3] <= '9' && !argv[2][4])
		return date_show(argv[2][3] - '0');
	if (argc == 3 && !strcmp(argv[1], "-s"))
		return date_set(argv[2]);
	if (argc > 1 && !strcmp(argv[1], "-s"))
		printf("date: -s takes one argument, without spaces; clock unchanged\n");
	printf("usage: %s\n", DATE_USAGE);
	return -EINVAL;
}
SHELL_COMMAND(date, cmd_date, DATE_USAGE, "show or set the RTC time (ISO 8601, UTC)",
	      .topic = TOPIC_TIME,
	      .example = "date -s 2024-02-29T12:00:00");
