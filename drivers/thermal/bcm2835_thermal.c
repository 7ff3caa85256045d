// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2835/6/7 temperature sensor (`brcm,bcm2835-thermal`): an ADC whose
 * 10-bit reading STAT gives, valid once the sensor is out of reset.  The
 * chip says nothing of what a reading means: the tree does, in the
 * `coefficients` (slope, offset) of the thermal zone whose
 * `thermal-sensors` names the sensor; millidegrees = slope * ADC + offset.
 * QEMU 7.2 answers a fixed reading (its own 25 C) and keeps CTL as written.
 *
 * `thermal` lists the zones under /thermal-zones: sensor, temperature
 * and trips.  No polling and no cooling: coyote reads on demand.
 */
#include <linux/clk.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <coyote/shell.h>
#include <asm/io.h>

#define TS_CTL			0x0
#define TS_STAT			0x4

#define TS_CTL_POWER_DOWN	(1u << 0)
/* Active low: set, the sensor runs. */
#define TS_CTL_RSTB		(1u << 1)
#define TS_CTL_BANDGAP_SHIFT	2
#define TS_CTL_BANDGAP_DEFAULT	1u
#define TS_CTL_RSTDELAY_SHIFT	18
#define TS_CTL_RSTDELAY_MAX	0xfeu
#define TS_CTL_REGEN		(1u << 26)

#define TS_STAT_DATA		0x3ffu
#define TS_STAT_VALID		(1u << 10)

/* A conversion takes microseconds; 1 ms without one is a dead sensor. */
#define TS_VALID_POLLS		100
#define TS_VALID_POLL_US	10

struct bcm2835_thermal {
	void __iomem *base;
	struct clk *clk;
	struct device *dev;
	s32 slope, offset;
	struct list_head node;
};

/* Bound sensors, for `thermal`. */
static LIST_HEAD(bcm2835_thermal_list);

/*
 * The zone under /thermal-zones whose `thermal-sensors` names @sensor,
 * with a reference for the caller; NULL if none.
 */
static struct device_node *thermal_zone_of_sensor(const struct device_node *sensor)
{
	struct device_node *zones = of_find_node_by_path("/thermal-zones");
	struct device_node *zone;

	if (!zones)
		return NULL;
	for_each_child_of_node(zones, zone) {
		struct device_node *np = of_parse_phandle(zone, "thermal-sensors", 0);

		of_node_put(np);
		if (np == sensor)
			break;
	}
	of_node_put(zones);
	return zone;
}

/*
 * bcm2835_thermal_get_temp() - the sensor's reading in millidegrees C.
 * Return: 0, or -ETIMEDOUT when STAT shows no valid reading in 1 ms.
 */
static int bcm2835_thermal_get_temp(struct bcm2835_thermal *ts, int *millic)
{
	char __iomem *base = ts->base;
	u32 stat;

	for (unsigned int polls = 0; !((stat = readl(base + TS_STAT)) & TS_STAT_VALID); polls++) {
		if (polls == TS_VALID_POLLS)
			return -ETIMEDOUT;
		udelay(TS_VALID_POLL_US);
	}
	*millic = ts->slope * (int)(stat & TS_STAT_DATA) + ts->offset;
	return 0;
}

/* Start the sensor as Linux does, unless the firmware left it running. */
static void bcm2835_thermal_start(struct bcm2835_thermal *ts)
{
	char __iomem *base = ts->base;
	u32 ctl = readl(base + TS_CTL);

	if (ctl & TS_CTL_RSTB)
		return;
	ctl = TS_CTL_RSTDELAY_MAX << TS_CTL_RSTDELAY_SHIFT | TS_CTL_REGEN |
	      TS_CTL_BANDGAP_DEFAULT << TS_CTL_BANDGAP_SHIFT;
	writel(ctl, base + TS_CTL);
	writel(ctl | TS_CTL_RSTB, base + TS_CTL);
}

static int bcm2835_thermal_coefficients(struct bcm2835_thermal *ts)
{
	struct device_node *zone = thermal_zone_of_sensor(ts->dev->of_node);
	u32 c[2] = { 0, 0 };
	int ret;

	if (!zone)
		return dev_err_probe(ts->dev, -ENODEV,
				     "no zone under /thermal-zones names this sensor\n");
	ret = of_property_read_u32_index(zone, "coefficients", 0, &c[0]);
	if (!ret)
		ret = of_property_read_u32_index(zone, "coefficients", 1, &c[1]);
	if (ret)
		ret = dev_err_probe(ts->dev, -EINVAL, "zone %s has no coefficients (slope, offset)\n",
				    zone->name);
	ts->slope = (s32)c[0];
	ts->offset = (s32)c[1];
	of_node_put(zone);
	return ret;
}

static int bcm2835_thermal_probe(struct platform_device *pdev)
{
	struct bcm2835_thermal *ts;
	int millic, ret;

	ts = devm_kzalloc(&pdev->dev, sizeof(*ts), GFP_KERNEL);
	if (!ts)
		return -ENOMEM;
	ts->dev = &pdev->dev;
	ret = bcm2835_thermal_coefficients(ts);
	if (ret)
		return ret;
	ts->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(ts->base))
		return (int)PTR_ERR(ts->base);
	ts->clk = devm_clk_get(&pdev->dev, NULL);
	if (IS_ERR(ts->clk))
		return dev_err_probe(&pdev->dev, (int)PTR_ERR(ts->clk), "no clock\n");
	ret = clk_prepare_enable(ts->clk);
	if (ret)
		return ret;
	bcm2835_thermal_start(ts);
	platform_set_drvdata(pdev, ts);
	list_add_tail(&ts->node, &bcm2835_thermal_list);
	ret = bcm2835_thermal_get_temp(ts, &millic);
	if (ret)
		dev_warn(&pdev->dev, "no valid reading yet (%s)\n", errname(ret));
	else
		dev_info(&pdev->dev, "temperature sensor, %d mC now\n", millic);
	return 0;
}

static int bcm2835_thermal_remove(struct platform_device *pdev)
{
	struct bcm2835_thermal *ts = platform_get_drvdata(pdev);

	list_del(&ts->node);
	clk_disable_unprepare(ts->clk);
	return 0;
}

static const struct of_device_id bcm2835_thermal_of_match[] = {
	{ .compatible = "brcm,bcm2835-thermal" },
	{ .compatible = "brcm,bcm2836-thermal" },
	{ .compatible = "brcm,bcm2837-thermal" },
	{ }
};

static struct platform_driver bcm2835_thermal_driver = {
	.probe = bcm2835_thermal_probe,
	.remove = bcm2835_thermal_remove,
	.driver = {
		.name = "bcm2835-thermal",
		.of_match_table = bcm2835_thermal_of_match,
	},
};
module_platform_driver(bcm2835_thermal_driver);

/* Millidegrees as degrees with 3 decimals, the sign kept below one degree. */
static void print_millic(int m)
{
	unsigned int a = m < 0 ? 0u - (unsigned int)m : (unsigned int)m;

	printf("%s%u.%03u C", m < 0 ? "-" : "", a / 1000, a % 1000);
}

static struct bcm2835_thermal *thermal_of_sensor(const struct device_node *sensor)
{
	struct bcm2835_thermal *ts;

	list_for_each_entry(ts, &bcm2835_thermal_list, node)
		if (ts->dev->of_node == sensor)
			return ts;
	return NULL;
}

static int thermal_show_sensor(struct device_node *zone)
{
	struct device_node *sensor = of_parse_phandle(zone, "thermal-sensors", 0);
	struct bcm2835_thermal *ts = thermal_of_sensor(sensor);
	int millic, ret;

	of_node_put(sensor);
	if (!ts) {
		printf("  sensor: none bound\n");
		return 0;
	}
	printf("  sensor %s: ", dev_name(ts->dev));
	ret = bcm2835_thermal_get_temp(ts, &millic);
	if (ret) {
		printf("no valid reading (%s)\n", errname(ret));
		return ret;
	}
	print_millic(millic);
	printf("\n");
	return 0;
}

static void thermal_show_trips(struct device_node *zone)
{
	struct device_node *trips = of_get_child_by_name(zone, "trips");
	struct device_node *trip;

	if (!trips)
		return;
	for_each_child_of_node(trips, trip) {
		const char *type = "?";
		u32 t;

		of_property_read_string(trip, "type", &type);
		printf("  trip %s: %s ", trip->name, type);
		if (of_property_read_u32(trip, "temperature", &t))
			printf("(no temperature)\n");
		else {
			print_millic((int)t);
			printf("\n");
		}
	}
	of_node_put(trips);
}

static int cmd_thermal(int argc, char **argv)
{
	struct device_node *zones = of_find_node_by_path("/thermal-zones");
	struct device_node *zone;
	int err = 0;

	if (!zones) {
		printf("no /thermal-zones in the tree\n");
		return -ENODEV;
	}
	for_each_child_of_node(zones, zone) {
		printf("%s\n", zone->name);
		err |= thermal_show_sensor(zone);
		thermal_show_trips(zone);
	}
	of_node_put(zones);
	return err ? -EIO : 0;
}
SHELL_COMMAND(thermal, cmd_thermal, "thermal",
	      "thermal zones from the tree: sensor, temperature now, trips",
	      .topic = TOPIC_DEVICES, .example = "thermal");
